/** Text and list limits, shared by the server and the islands. */
export const LIMITS = {
  comment: 800,
  shortAnswer: 800,
  fullAnswer: 3800,
  explanation: 3800,
  title: 120,
  pollOption: 120,
  source: 50,
  quickAsk: 1000,
  linkField: 1000,
  /** each attached photo or video counts as this many characters */
  media: 200,
  pollOptionsInitial: 3,
  pollOptionsMax: 16,
  pageSize: 20,
  /** a question with more answers than this opens with only the first few of them (the rest a link away) */
  answersFoldOver: 5,
  answersFoldShown: 3,
  /** titles and share texts are cut here */
  titleCut: 70,
  answerShortCut: 43,
  /**
   * the deepest a list pages by offset (50 pages of 20): a deeper page is 404, a deeper API offset
   * is refused (312). Every offset read walks this many index entries at most, whoever asks.
   */
  maxOffset: 1_000,
  /** the most comments one listing of "everything" (all_comments, an answer's page) carries, oldest first */
  commentsListMax: 500,
  /** the most supplements (дополнения) a question takes */
  supplementsMax: 10,
  /** an answer (or the question) with fewer comments than this shows them all */
  commentsFullBelow: 30,
  /** comments shown per level when paged: '20,3,3' */
  commentDepth: [20, 3, 3] as const,
  /** the 'more' link loads this deep */
  commentMoreDepth: 20,
  bestAnswerDays: 4,
} as const;

/** Cut a text to n characters, adding an ellipsis when cut. */
export function cut(text: string, n: number): string {
  // a string never has more characters than UTF-16 units: most texts need no counting
  if (text.length <= n) return text;
  const chars: string[] = [];
  for (const ch of text) {
    if (chars.length === n)
      return `${chars
        .slice(0, n - 1)
        .join("")
        .trimEnd()}…`;
    chars.push(ch);
  }
  return text;
}
