-- The mirror (docs/decisions/0061) writes a thread database's rows into DB's copy of a moved range,
-- so that the lists, search, feeds and leaders DB keeps from that copy follow the thread's writes.
-- Its batch holds a row in mirror_writing from its first statement to its last; DB's guard on moved
-- questions lets that batch through and still refuses every other write to them.
CREATE TABLE `mirror_writing` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `thread_guard_questions_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_questions_i` BEFORE INSERT ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_questions_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_questions_u` BEFORE UPDATE ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_questions_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_questions_d` BEFORE DELETE ON `questions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answers_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_i` BEFORE INSERT ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answers_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_u` BEFORE UPDATE ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answers_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_d` BEFORE DELETE ON `answers` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_supplements_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_i` BEFORE INSERT ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_supplements_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_u` BEFORE UPDATE ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_supplements_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_d` BEFORE DELETE ON `supplements` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_options_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_i` BEFORE INSERT ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_options_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_u` BEFORE UPDATE ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_options_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_d` BEFORE DELETE ON `poll_options` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answer_reactions_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_i` BEFORE INSERT ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answer_reactions_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_u` BEFORE UPDATE ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_answer_reactions_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_d` BEFORE DELETE ON `answer_reactions` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = OLD.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = OLD.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_comments_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_i` BEFORE INSERT ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_comments_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_u` BEFORE UPDATE ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_comments_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_d` BEFORE DELETE ON `comments` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_marks_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_i` BEFORE INSERT ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_marks_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_u` BEFORE UPDATE ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_marks_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_d` BEFORE DELETE ON `marks` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_best_votes_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_i` BEFORE INSERT ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_best_votes_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_u` BEFORE UPDATE ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_best_votes_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_d` BEFORE DELETE ON `best_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_votes_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_i` BEFORE INSERT ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_votes_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_u` BEFORE UPDATE ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_poll_votes_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_d` BEFORE DELETE ON `poll_votes` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_photos_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_i` BEFORE INSERT ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_photos_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_u` BEFORE UPDATE ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_photos_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_d` BEFORE DELETE ON `photos` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_watches_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_i` BEFORE INSERT ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_watches_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_u` BEFORE UPDATE ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_watches_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_d` BEFORE DELETE ON `watches` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_abuse_reports_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_i` BEFORE INSERT ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_abuse_reports_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_u` BEFORE UPDATE ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_abuse_reports_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_d` BEFORE DELETE ON `abuse_reports` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_premod_items_i`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_i` BEFORE INSERT ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_premod_items_u`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_u` BEFORE UPDATE ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
DROP TRIGGER `thread_guard_premod_items_d`;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_d` BEFORE DELETE ON `premod_items` WHEN NOT EXISTS (SELECT 1 FROM mirror_writing) AND (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
