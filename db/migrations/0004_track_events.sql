-- Tracking events of the dwh call, the indexes of the leader questions and the gold fund, and the
-- full-text index of the similar-questions search (docs/decisions/0012-misc-calls.md).
CREATE TABLE `track_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`user_id` integer,
	`qid` integer,
	`aid` integer,
	`cmid` integer,
	`payload` text DEFAULT '{}' NOT NULL,
	`added` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `track_events_name_idx` ON `track_events` (`name`,`added`);--> statement-breakpoint
CREATE INDEX `track_events_added_idx` ON `track_events` (`added`);--> statement-breakpoint
CREATE INDEX `questions_lead_idx` ON `questions` (`lead_until`) WHERE lead_until is not null;--> statement-breakpoint
CREATE INDEX `questions_gold_idx` ON `questions` (`added`) WHERE goldrec = 1;
--> statement-breakpoint
-- The search index of the questions: title (qtext) and explanation (qcomment), tokenised by
-- unicode61 (case-folds Cyrillic), with ё written as е. Contentless: the text stays in `questions`;
-- the search joins back on rowid = questions.id. The store keeps it in step with triggers, so the
-- writes that ask or edit questions need not know about it. Words are matched by the stems of the
-- query's words as prefixes (app/models/search.server.ts); Russian stemming happens at query time.
CREATE VIRTUAL TABLE `questions_fts` USING fts5(title, body, content='', tokenize='unicode61');
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ai` AFTER INSERT ON `questions`
BEGIN
  INSERT INTO questions_fts(rowid, title, body) VALUES (NEW.id, replace(replace(NEW.qtext, 'ё', 'е'), 'Ё', 'Е'), replace(replace(NEW.qcomment, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ad` AFTER DELETE ON `questions`
BEGIN
  INSERT INTO questions_fts(questions_fts, rowid, title, body) VALUES ('delete', OLD.id, replace(replace(OLD.qtext, 'ё', 'е'), 'Ё', 'Е'), replace(replace(OLD.qcomment, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_au` AFTER UPDATE OF qtext, qcomment ON `questions`
BEGIN
  INSERT INTO questions_fts(questions_fts, rowid, title, body) VALUES ('delete', OLD.id, replace(replace(OLD.qtext, 'ё', 'е'), 'Ё', 'Е'), replace(replace(OLD.qcomment, 'ё', 'е'), 'Ё', 'Е'));
  INSERT INTO questions_fts(rowid, title, body) VALUES (NEW.id, replace(replace(NEW.qtext, 'ё', 'е'), 'Ё', 'Е'), replace(replace(NEW.qcomment, 'ё', 'е'), 'Ё', 'Е'));
END;
--> statement-breakpoint
INSERT INTO questions_fts(rowid, title, body) SELECT id, replace(replace(qtext, 'ё', 'е'), 'Ё', 'Е'), replace(replace(qcomment, 'ё', 'е'), 'Ё', 'Е') FROM questions;
