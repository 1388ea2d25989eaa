/**
 * E-mail-style addresses: /{word}/{name} names the mailbox {name}@{domain of the word}, e.g.
 * /mail/ivanov is ivanov@mail.ru and /bk/petrova is petrova@bk.ru; /nobody/{address} names an
 * address of any other provider whole (/nobody/petrova@example.org). Only the words below are mail
 * providers; any other first segment is a category or a brand as usual.
 */
const MAIL_DOMAINS: Record<string, string> = {
  mail: "mail.ru",
  mailua: "mail.ua",
  bk: "bk.ru",
  list: "list.ru",
  inbox: "inbox.ru",
  corp: "corp.mail.ru",
  internet: "internet.ru",
};

/** The mailbox part of an address as it may appear in such a path: letters, digits, dot, dash, underscore; at most 64. */
const MAILBOX = /^[a-z0-9._-]{1,64}$/;

/** The word of the addresses outside the providers above: the name is the whole address. */
const ELSEWHERE = "nobody";

/** A whole address as /nobody/ takes it: a mailbox, '@', and a domain of at least two labels. */
const ADDRESS = /^([a-z0-9._-]{1,64})@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+)$/;

/** The word is a mail provider's (the path may be an e-mail-style one). */
export function isMailWord(word: string): boolean {
  return word === ELSEWHERE || Object.hasOwn(MAIL_DOMAINS, word);
}

/** The e-mail address an e-mail-style path names, or null when it names none. */
export function emailOfPath(word: string, name: string): string | null {
  if (!isMailWord(word)) return null;
  const box = name.toLowerCase();
  if (word === ELSEWHERE) return ADDRESS.test(box) && box.length <= 254 ? box : null;
  return MAILBOX.test(box) ? `${box}@${MAIL_DOMAINS[word]}` : null;
}
