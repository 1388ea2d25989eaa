/** The mark of a deleted answer wherever one is still listed (a moderator's view, a user's dossier): a bin, named for screen readers. */
export function DeletedAnswerIcon() {
  return (
    <svg className="deleted-icon" data-testid="deleted-answer-icon" role="img" aria-label="Ответ удалён" width="14" height="14" viewBox="0 0 16 16">
      <title>Ответ удалён</title>
      <path fill="currentColor" d="M6 1h4l1 1h3v2H2V2h3l1-1zM3 5h10l-1 10H4L3 5zm3 2v6h1V7H6zm3 0v6h1V7H9z" />
    </svg>
  );
}
