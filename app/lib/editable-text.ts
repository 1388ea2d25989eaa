/**
 * A stored user text (the sanitiser's output) as its author would type it again in an edit form:
 * the links the sanitiser made from typed addresses go back to the addresses as typed (the link's
 * own text), and the characters the sanitiser escaped are unescaped, so that saving the form
 * unchanged stores the same text again. The allowed formatting tags stay as they are.
 */
export function editableText(stored: string): string {
  return (
    stored
      // the attached photos (markup the sanitiser never lets a user write) go back to their lines
      .replace(/<span class="photos">([\s\S]*?)<\/span>/g, (_, inner: string) =>
        Array.from(inner.matchAll(/href="(\/photo\/\d+)"/g), (m) => `\n${m[1]}`).join(""),
      )
      .replace(/<a\b[^>]*>([\s\S]*?)<\/a>/gi, "$1")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&")
  );
}
