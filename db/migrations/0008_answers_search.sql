-- The search index of the answers, built like the questions' one (0004): the answer's text,
-- tokenised by unicode61 (case-folds Cyrillic), with ё written as е, contentless (the text stays in
-- `answers`; the search joins back on rowid = answers.id), kept in step by triggers so the code that
-- writes answers need not know about it. Russian stemming happens at query time.
CREATE VIRTUAL TABLE `answers_fts` USING fts5(body, content='', tokenize='unicode61');
--> statement-breakpoint
CREATE TRIGGER `answers_fts_ai` AFTER INSERT ON `answers`
BEGIN
  INSERT INTO answers_fts(rowid, body) VALUES (NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `answers_fts_ad` AFTER DELETE ON `answers`
BEGIN
  INSERT INTO answers_fts(answers_fts, rowid, body) VALUES ('delete', OLD.id, replace(replace(OLD.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `answers_fts_au` AFTER UPDATE OF text ON `answers`
BEGIN
  INSERT INTO answers_fts(answers_fts, rowid, body) VALUES ('delete', OLD.id, replace(replace(OLD.text, 'ё', 'е'), 'Ё', 'Е'));
  INSERT INTO answers_fts(rowid, body) VALUES (NEW.id, replace(replace(NEW.text, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
INSERT INTO answers_fts(rowid, body) SELECT id, replace(replace(text, 'ё', 'е'), 'Ё', 'Е') FROM answers;
--> statement-breakpoint
-- The words each index holds, with how many rows hold them: a word of a query that no indexed word
-- begins with is looked for again with one letter changed (typo tolerance).
CREATE VIRTUAL TABLE `questions_fts_words` USING fts5vocab(questions_fts, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `answers_fts_words` USING fts5vocab(answers_fts, 'row');
