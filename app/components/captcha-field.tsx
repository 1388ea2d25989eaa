/**
 * The captcha in a plain form (registration, sign-in): the picture, a hidden captcha_id, the code
 * field and a «Не вижу код» link to a page with a fresh one. Works with JavaScript off.
 */
export function CaptchaField({ id, again, testId }: { id: string; again: string; testId: string }) {
  return (
    <div className="captcha-field" data-testid={testId}>
      <img src={`/captcha/${id}.svg`} alt="Код с картинки" className="captcha-img" width={160} height={60} />{" "}
      <a href={again} className="captcha-refresh">
        Не вижу код
      </a>
      <input type="hidden" name="captcha_id" value={id} />
      <label>
        Код с картинки
        <input name="captcha_val" required autoComplete="off" inputMode="numeric" maxLength={10} />
      </label>
    </div>
  );
}
