export function NotFound({ text = "Такой страницы нет" }: { text?: string }) {
  return (
    <main className="page not-found" data-testid="not-found">
      <h1>{text}</h1>
      <p>
        Возможно, она была удалена или вы ошиблись в адресе. <a href="/">Перейти на главную</a> или <a href="/categories/">выбрать категорию</a>.
      </p>
      <form method="get" action="/search">
        <input type="search" name="q" aria-label="Что вы искали" placeholder="Поиск по вопросам" maxLength={750} />{" "}
        <button className="btn" type="submit">
          Найти
        </button>
      </form>
    </main>
  );
}
