CREATE TABLE `leaders_week` (
	`week` integer NOT NULL,
	`cat` integer NOT NULL,
	`user_id` integer NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`anscnt` integer DEFAULT 0 NOT NULL,
	`bestanscnt` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week`, `cat`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `leaders_week_points_idx` ON `leaders_week` (`week`,`cat`,`points`,`user_id`);--> statement-breakpoint
CREATE INDEX `leaders_week_anscnt_idx` ON `leaders_week` (`week`,`cat`,`anscnt`,`user_id`);--> statement-breakpoint
CREATE INDEX `leaders_week_best_idx` ON `leaders_week` (`week`,`cat`,`bestanscnt`,`user_id`);--> statement-breakpoint
ALTER TABLE `answers` ADD `best_at` integer;--> statement-breakpoint
-- The best answers chosen before this migration: the moment their question last changed state.
UPDATE `answers` SET `best_at` = (SELECT `state_changed_at` FROM `questions` WHERE `questions`.`id` = `answers`.`qid`) WHERE `best` = 1;
--> statement-breakpoint
-- The weekly figures of the data already there. A Moscow week (UTC+3 all year) starts on Monday
-- 00:00: week = (ms + 3 h - 4 days) / 7 days, since 1970-01-01 was a Thursday.
INSERT INTO `leaders_week` (`week`, `cat`, `user_id`, `points`)
SELECT w, c, user_id, sum(delta) FROM (
  SELECT (l.added - 334800000) / 604800000 AS w, 0 AS c, l.user_id, l.delta FROM points_ledger l WHERE l.reason <> 'start'
  UNION ALL
  SELECT (l.added - 334800000) / 604800000, cs.c, l.user_id, l.delta FROM points_ledger l
  JOIN questions q ON q.id = CASE l.ref_type WHEN 'Q' THEN l.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = l.ref_id) END
  JOIN (SELECT id, category_id AS c FROM questions UNION SELECT id, top_category_id FROM questions) cs ON cs.id = q.id
  WHERE l.ref_type IN ('Q', 'A') AND l.reason <> 'start'
) GROUP BY w, c, user_id;
--> statement-breakpoint
INSERT INTO `leaders_week` (`week`, `cat`, `user_id`, `anscnt`)
SELECT (added - 334800000) / 604800000 AS w, 0, user_id, count(*) FROM answers WHERE hidden = 0 GROUP BY w, user_id
ON CONFLICT (`week`, `cat`, `user_id`) DO UPDATE SET `anscnt` = `anscnt` + excluded.`anscnt`;
--> statement-breakpoint
INSERT INTO `leaders_week` (`week`, `cat`, `user_id`, `bestanscnt`)
SELECT (best_at - 334800000) / 604800000 AS w, 0, user_id, count(*) FROM answers WHERE hidden = 0 AND best = 1 AND best_at IS NOT NULL GROUP BY w, user_id
ON CONFLICT (`week`, `cat`, `user_id`) DO UPDATE SET `bestanscnt` = `bestanscnt` + excluded.`bestanscnt`;
--> statement-breakpoint
-- The triggers below add NEW/OLD values in their upserts rather than `excluded.…`: SQLite's
-- table rename rewrites `excluded` inside a trigger into the table's name. A migration that
-- recreates points_ledger or answers (drizzle-kit does so to change a column) drops their
-- triggers with them: it must create them again, and rebuild leaders_week as above.
-- A ledger row adds its delta to its week: for the whole site (category 0) and, when it points at
-- a question (Q) or an answer (A), for that question's leaf and top category as they are when the
-- points are earned (a later move leaves them where they were earned). The points an account
-- starts with (reason 'start') are no activity and count in no week.
CREATE TRIGGER leaders_ledger_insert AFTER INSERT ON points_ledger
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, points)
  SELECT (NEW.added - 334800000) / 604800000, c, NEW.user_id, NEW.delta FROM (
    SELECT 0 AS c
    UNION SELECT q.category_id FROM questions q WHERE q.id = CASE NEW.ref_type WHEN 'Q' THEN NEW.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = NEW.ref_id) END
    UNION SELECT q.top_category_id FROM questions q WHERE q.id = CASE NEW.ref_type WHEN 'Q' THEN NEW.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = NEW.ref_id) END
  ) WHERE NEW.reason <> 'start'
  ON CONFLICT (week, cat, user_id) DO UPDATE SET points = points + NEW.delta;
END;
--> statement-breakpoint
-- A ledger row that changes (asking sets the new question as its reference right after the
-- insert) moves its delta: taken from where it counted, added where it counts now.
CREATE TRIGGER leaders_ledger_update AFTER UPDATE OF user_id, delta, reason, ref_type, ref_id, added ON points_ledger
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, points)
  SELECT (OLD.added - 334800000) / 604800000, c, OLD.user_id, -OLD.delta FROM (
    SELECT 0 AS c
    UNION SELECT q.category_id FROM questions q WHERE q.id = CASE OLD.ref_type WHEN 'Q' THEN OLD.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = OLD.ref_id) END
    UNION SELECT q.top_category_id FROM questions q WHERE q.id = CASE OLD.ref_type WHEN 'Q' THEN OLD.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = OLD.ref_id) END
  ) WHERE OLD.reason <> 'start'
  ON CONFLICT (week, cat, user_id) DO UPDATE SET points = points - OLD.delta;
  INSERT INTO leaders_week (week, cat, user_id, points)
  SELECT (NEW.added - 334800000) / 604800000, c, NEW.user_id, NEW.delta FROM (
    SELECT 0 AS c
    UNION SELECT q.category_id FROM questions q WHERE q.id = CASE NEW.ref_type WHEN 'Q' THEN NEW.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = NEW.ref_id) END
    UNION SELECT q.top_category_id FROM questions q WHERE q.id = CASE NEW.ref_type WHEN 'Q' THEN NEW.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = NEW.ref_id) END
  ) WHERE NEW.reason <> 'start'
  ON CONFLICT (week, cat, user_id) DO UPDATE SET points = points + NEW.delta;
END;
--> statement-breakpoint
CREATE TRIGGER leaders_ledger_delete AFTER DELETE ON points_ledger
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, points)
  SELECT (OLD.added - 334800000) / 604800000, c, OLD.user_id, -OLD.delta FROM (
    SELECT 0 AS c
    UNION SELECT q.category_id FROM questions q WHERE q.id = CASE OLD.ref_type WHEN 'Q' THEN OLD.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = OLD.ref_id) END
    UNION SELECT q.top_category_id FROM questions q WHERE q.id = CASE OLD.ref_type WHEN 'Q' THEN OLD.ref_id WHEN 'A' THEN (SELECT qid FROM answers WHERE id = OLD.ref_id) END
  ) WHERE OLD.reason <> 'start'
  ON CONFLICT (week, cat, user_id) DO UPDATE SET points = points - OLD.delta;
END;
--> statement-breakpoint
-- A visible answer counts in the week it was written; a visible best answer also in the week it
-- was chosen. Hiding (a moderator's drop, premoderation) takes both back, showing gives them again.
CREATE TRIGGER leaders_answer_insert AFTER INSERT ON answers WHEN NEW.hidden = 0
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, anscnt) VALUES ((NEW.added - 334800000) / 604800000, 0, NEW.user_id, 1)
  ON CONFLICT (week, cat, user_id) DO UPDATE SET anscnt = anscnt + 1;
  INSERT INTO leaders_week (week, cat, user_id, bestanscnt) SELECT (NEW.best_at - 334800000) / 604800000, 0, NEW.user_id, 1 WHERE NEW.best = 1 AND NEW.best_at IS NOT NULL
  ON CONFLICT (week, cat, user_id) DO UPDATE SET bestanscnt = bestanscnt + 1;
END;
--> statement-breakpoint
CREATE TRIGGER leaders_answer_update AFTER UPDATE OF user_id, added, hidden, best, best_at ON answers
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.added IS NOT NEW.added OR OLD.hidden IS NOT NEW.hidden OR OLD.best IS NOT NEW.best OR OLD.best_at IS NOT NEW.best_at
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, anscnt) SELECT (OLD.added - 334800000) / 604800000, 0, OLD.user_id, -1 WHERE OLD.hidden = 0
  ON CONFLICT (week, cat, user_id) DO UPDATE SET anscnt = anscnt - 1;
  INSERT INTO leaders_week (week, cat, user_id, bestanscnt) SELECT (OLD.best_at - 334800000) / 604800000, 0, OLD.user_id, -1 WHERE OLD.hidden = 0 AND OLD.best = 1 AND OLD.best_at IS NOT NULL
  ON CONFLICT (week, cat, user_id) DO UPDATE SET bestanscnt = bestanscnt - 1;
  INSERT INTO leaders_week (week, cat, user_id, anscnt) SELECT (NEW.added - 334800000) / 604800000, 0, NEW.user_id, 1 WHERE NEW.hidden = 0
  ON CONFLICT (week, cat, user_id) DO UPDATE SET anscnt = anscnt + 1;
  INSERT INTO leaders_week (week, cat, user_id, bestanscnt) SELECT (NEW.best_at - 334800000) / 604800000, 0, NEW.user_id, 1 WHERE NEW.hidden = 0 AND NEW.best = 1 AND NEW.best_at IS NOT NULL
  ON CONFLICT (week, cat, user_id) DO UPDATE SET bestanscnt = bestanscnt + 1;
END;
--> statement-breakpoint
CREATE TRIGGER leaders_answer_delete AFTER DELETE ON answers WHEN OLD.hidden = 0
BEGIN
  INSERT INTO leaders_week (week, cat, user_id, anscnt) VALUES ((OLD.added - 334800000) / 604800000, 0, OLD.user_id, -1)
  ON CONFLICT (week, cat, user_id) DO UPDATE SET anscnt = anscnt - 1;
  INSERT INTO leaders_week (week, cat, user_id, bestanscnt) SELECT (OLD.best_at - 334800000) / 604800000, 0, OLD.user_id, -1 WHERE OLD.best = 1 AND OLD.best_at IS NOT NULL
  ON CONFLICT (week, cat, user_id) DO UPDATE SET bestanscnt = bestanscnt - 1;
END;
