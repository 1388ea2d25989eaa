-- DB keeps a copy of every moved range for its lists, search, feeds and leaders until those live
-- in the thread databases (docs/decisions/0061). Every change of a thread row here leaves an outbox
-- row in the change's own statement, which the effects queue carries to DB: there the row is written
-- as its question's database has it then, or deleted when it has it no more. A move's bulk copy
-- into this database and its deletion of a range it moved away are quiet (a row in mirror_quiet
-- for the batch): DB's copy has those rows as they are.
CREATE TABLE `mirror_quiet` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `mirror_questions_i` AFTER INSERT ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'questions', 'id', NEW.id, 'qid', NEW.id), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_questions_u` AFTER UPDATE ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'questions', 'id', NEW.id, 'qid', NEW.id), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_questions_d` AFTER DELETE ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'questions', 'id', OLD.id, 'qid', OLD.id), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answers_i` AFTER INSERT ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answers', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answers_u` AFTER UPDATE ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answers', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answers_d` AFTER DELETE ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answers', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_supplements_i` AFTER INSERT ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'supplements', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_supplements_u` AFTER UPDATE ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'supplements', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_supplements_d` AFTER DELETE ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'supplements', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_options_i` AFTER INSERT ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_options', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_options_u` AFTER UPDATE ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_options', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_options_d` AFTER DELETE ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_options', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answer_reactions_i` AFTER INSERT ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answer_reactions', 'id', NEW.id, 'qid', (SELECT qid FROM answers WHERE id = NEW.answer_id)), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answer_reactions_u` AFTER UPDATE ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answer_reactions', 'id', NEW.id, 'qid', (SELECT qid FROM answers WHERE id = NEW.answer_id)), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_answer_reactions_d` AFTER DELETE ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'answer_reactions', 'id', OLD.id, 'qid', (SELECT qid FROM answers WHERE id = OLD.answer_id)), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_comments_i` AFTER INSERT ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'comments', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_comments_u` AFTER UPDATE ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'comments', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_comments_d` AFTER DELETE ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'comments', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_marks_i` AFTER INSERT ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'marks', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_marks_u` AFTER UPDATE ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'marks', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_marks_d` AFTER DELETE ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'marks', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_best_votes_i` AFTER INSERT ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'best_votes', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_best_votes_u` AFTER UPDATE ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'best_votes', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_best_votes_d` AFTER DELETE ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'best_votes', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_votes_i` AFTER INSERT ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_votes', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_votes_u` AFTER UPDATE ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_votes', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_poll_votes_d` AFTER DELETE ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'poll_votes', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_photos_i` AFTER INSERT ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'photos', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_photos_u` AFTER UPDATE ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'photos', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_photos_d` AFTER DELETE ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'photos', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_watches_i` AFTER INSERT ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'watches', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_watches_u` AFTER UPDATE ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'watches', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_watches_d` AFTER DELETE ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'watches', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_abuse_reports_i` AFTER INSERT ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'abuse_reports', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_abuse_reports_u` AFTER UPDATE ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'abuse_reports', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_abuse_reports_d` AFTER DELETE ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'abuse_reports', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_premod_items_i` AFTER INSERT ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'premod_items', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_premod_items_u` AFTER UPDATE ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'premod_items', 'id', NEW.id, 'qid', NEW.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `mirror_premod_items_d` AFTER DELETE ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_quiet)
BEGIN
  INSERT INTO outbox (id, target, kind, body, created, sent)
  VALUES (lower(hex(randomblob(16))), 'DB', 'mirror', json_object('table', 'premod_items', 'id', OLD.id, 'qid', OLD.qid), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NULL);
END;
