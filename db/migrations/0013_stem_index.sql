-- hand-written: the search indexes hold word stems instead of words.
-- The worker writes each question's and answer's stems (the Snowball stems the queries use, ё as е)
-- into these tables in the batch of the write that changes the text; SQL cannot stem, so no
-- trigger copies text any more. A trigger only notes a row whose text is new or changed in
-- `search_stale`; the worker's own writes index the row and clear the note in the same batch, and
-- the worker stems whatever is still noted before it searches (rows written by other means, and
-- every row of a store made before this migration, which is noted here for reindexing).
-- contentless_delete lets a row leave the index by its rowid alone.
DROP TRIGGER IF EXISTS `questions_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `questions_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `questions_fts_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `answers_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `answers_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `answers_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `questions_fts_words`;
--> statement-breakpoint
DROP TABLE IF EXISTS `answers_fts_words`;
--> statement-breakpoint
DROP TABLE IF EXISTS `questions_fts`;
--> statement-breakpoint
DROP TABLE IF EXISTS `answers_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `questions_fts` USING fts5(title, body, content='', contentless_delete=1, tokenize='unicode61');
--> statement-breakpoint
CREATE VIRTUAL TABLE `answers_fts` USING fts5(body, content='', contentless_delete=1, tokenize='unicode61');
--> statement-breakpoint
-- The stems each index holds, with how many rows hold them (typo tolerance looks them up).
CREATE VIRTUAL TABLE `questions_fts_words` USING fts5vocab(questions_fts, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `answers_fts_words` USING fts5vocab(answers_fts, 'row');
--> statement-breakpoint
-- The rows whose stems are not written yet: kind 'q' a question, 'a' an answer; `changed` 1 when
-- the index may hold older stems of the row (its text changed), 0 when it holds none (a new row).
CREATE TABLE `search_stale` (`kind` text NOT NULL, `id` integer NOT NULL, `changed` integer NOT NULL DEFAULT 0, PRIMARY KEY (`kind`, `id`));
--> statement-breakpoint
CREATE TRIGGER `search_stale_q_ai` AFTER INSERT ON `questions`
BEGIN
  INSERT OR IGNORE INTO search_stale (kind, id, changed) VALUES ('q', NEW.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `search_stale_q_au` AFTER UPDATE OF qtext, qcomment ON `questions`
BEGIN
  INSERT OR IGNORE INTO search_stale (kind, id, changed) VALUES ('q', NEW.id, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `search_stale_q_ad` AFTER DELETE ON `questions`
BEGIN
  DELETE FROM questions_fts WHERE rowid = OLD.id;
  DELETE FROM search_stale WHERE kind = 'q' AND id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_stale_a_ai` AFTER INSERT ON `answers`
BEGIN
  INSERT OR IGNORE INTO search_stale (kind, id, changed) VALUES ('a', NEW.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `search_stale_a_au` AFTER UPDATE OF text ON `answers`
BEGIN
  INSERT OR IGNORE INTO search_stale (kind, id, changed) VALUES ('a', NEW.id, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `search_stale_a_ad` AFTER DELETE ON `answers`
BEGIN
  DELETE FROM answers_fts WHERE rowid = OLD.id;
  DELETE FROM search_stale WHERE kind = 'a' AND id = OLD.id;
END;
--> statement-breakpoint
INSERT OR IGNORE INTO search_stale (kind, id) SELECT 'q', id FROM questions;
--> statement-breakpoint
INSERT OR IGNORE INTO search_stale (kind, id) SELECT 'a', id FROM answers;
