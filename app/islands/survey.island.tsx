/**
 * The survey banner of a question page:
 * 2 s after load, when the question has answers and the reader has no survey cookie, it asks
 * whether he found his answer. 'Да' thanks him and hides after 2 s; 'Нет' offers to ask his own
 * question (the ask page with this question's text); × closes it. Any choice sets the cookie for
 * 30 days. Each step is reported as a tracking event (dwh). Without JavaScript there is no banner.
 */
import { useEffect, useState } from "react";
import { call } from "./lib/call";

export const SURVEY_COOKIE = "otv_survey";
export const SURVEY_DELAY_MS = 2000;
export const SURVEY_THANKS_MS = 2000;
export const SURVEY_COOKIE_DAYS = 30;

export type SurveyProps = { qid: number; qtext: string };

type Step = "hidden" | "ask" | "thanks" | "no" | "done";

export function hasSurveyCookie(cookie = document.cookie): boolean {
  return cookie.split(";").some((p) => p.trim().startsWith(`${SURVEY_COOKIE}=`));
}

function setSurveyCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server also reads; the Cookie Store API is not in every browser we serve
  document.cookie = `${SURVEY_COOKIE}=${value}; Max-Age=${SURVEY_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}

/** The ask page prefilled with this question's text (its ?q= of the quick-ask box). */
export const askHref = (qtext: string) => `/ask?q=${encodeURIComponent(qtext)}`;

const track = (name: string, qid: number) => void call("dwh", { name, qid }, { quiet: true });

export default function Survey({ qid, qtext }: SurveyProps) {
  const [step, setStep] = useState<Step>("hidden");

  useEffect(() => {
    if (hasSurveyCookie()) return;
    const t = setTimeout(() => {
      if (hasSurveyCookie()) return;
      setStep("ask");
      track("survey_shown", qid);
    }, SURVEY_DELAY_MS);
    return () => clearTimeout(t);
  }, [qid]);

  useEffect(() => {
    if (step !== "thanks") return;
    const t = setTimeout(() => setStep("done"), SURVEY_THANKS_MS);
    return () => clearTimeout(t);
  }, [step]);

  if (step === "hidden" || step === "done") return null;

  const close = () => {
    if (step === "ask") setSurveyCookie("closed");
    track("survey_closed", qid);
    setStep("done");
  };
  const yes = () => {
    setSurveyCookie("yes");
    track("survey_answer_found_click", qid);
    setStep("thanks");
  };
  const no = () => {
    setSurveyCookie("no");
    track("survey_answer_notfound_click", qid);
    setStep("no");
  };

  const ask = (e: React.MouseEvent<HTMLAnchorElement>) => {
    // the event goes first (a navigation would cancel it), at most a moment's wait
    e.preventDefault();
    const href = e.currentTarget.href;
    const go = () => location.assign(href);
    void Promise.race([call("dwh", { name: "survey_ask_click", qid }, { quiet: true }), new Promise((r) => setTimeout(r, 800))]).then(go, go);
  };

  return (
    <aside className="survey" data-testid="survey" aria-label="Опрос">
      <button type="button" className="popup-close survey-close" aria-label="Закрыть" onClick={close}>
        ×
      </button>
      {step === "ask" ? (
        <>
          <p className="survey-text">Вы нашли ответ на свой вопрос?</p>
          <button type="button" className="btn" onClick={yes}>
            Да
          </button>{" "}
          <button type="button" className="btn" onClick={no}>
            Нет
          </button>
        </>
      ) : step === "thanks" ? (
        <p className="survey-text">Спасибо за ответ!</p>
      ) : (
        <>
          <p className="survey-text">Не нашли ответ? Задайте свой вопрос — вам ответят.</p>
          <a className="btn btn-ask" href={askHref(qtext)} onClick={ask}>
            Задать вопрос
          </a>
        </>
      )}
    </aside>
  );
}
