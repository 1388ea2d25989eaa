-- A question moved out of DB (the range map names another database for it) is read-only here, and
-- so is one whose range is frozen for the last step of its move: every write to its thread's rows
-- is refused, so DB's copy and the thread database's never part (docs/decisions/0059). The site
-- maps the two messages to its errids 652 and 650. With an empty map nothing is refused.
CREATE TRIGGER `thread_guard_questions_i` BEFORE INSERT ON `questions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_questions_u` BEFORE UPDATE ON `questions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_questions_d` BEFORE DELETE ON `questions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.id ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.id ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_i` BEFORE INSERT ON `answers` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_u` BEFORE UPDATE ON `answers` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answers_d` BEFORE DELETE ON `answers` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_i` BEFORE INSERT ON `supplements` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_u` BEFORE UPDATE ON `supplements` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_supplements_d` BEFORE DELETE ON `supplements` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_i` BEFORE INSERT ON `poll_options` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_u` BEFORE UPDATE ON `poll_options` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_options_d` BEFORE DELETE ON `poll_options` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_i` BEFORE INSERT ON `answer_reactions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_u` BEFORE UPDATE ON `answer_reactions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = NEW.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_answer_reactions_d` BEFORE DELETE ON `answer_reactions` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = OLD.answer_id) ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= (SELECT qid FROM answers WHERE id = OLD.answer_id) ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_i` BEFORE INSERT ON `comments` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_u` BEFORE UPDATE ON `comments` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_comments_d` BEFORE DELETE ON `comments` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_i` BEFORE INSERT ON `marks` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_u` BEFORE UPDATE ON `marks` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_marks_d` BEFORE DELETE ON `marks` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_i` BEFORE INSERT ON `best_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_u` BEFORE UPDATE ON `best_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_best_votes_d` BEFORE DELETE ON `best_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_i` BEFORE INSERT ON `poll_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_u` BEFORE UPDATE ON `poll_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_poll_votes_d` BEFORE DELETE ON `poll_votes` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_i` BEFORE INSERT ON `photos` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_u` BEFORE UPDATE ON `photos` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_photos_d` BEFORE DELETE ON `photos` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_i` BEFORE INSERT ON `watches` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_u` BEFORE UPDATE ON `watches` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_watches_d` BEFORE DELETE ON `watches` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_i` BEFORE INSERT ON `abuse_reports` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_u` BEFORE UPDATE ON `abuse_reports` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_abuse_reports_d` BEFORE DELETE ON `abuse_reports` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_i` BEFORE INSERT ON `premod_items` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_u` BEFORE UPDATE ON `premod_items` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= NEW.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
--> statement-breakpoint
CREATE TRIGGER `thread_guard_premod_items_d` BEFORE DELETE ON `premod_items` WHEN (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) IS NOT NULL
BEGIN
  SELECT CASE (SELECT CASE WHEN binding <> 'DB' THEN 'moved' WHEN frozen_until > (julianday('now') - 2440587.5) * 86400000 THEN 'moving' END FROM thread_ranges WHERE first_id <= OLD.qid ORDER BY first_id DESC LIMIT 1) WHEN 'moved' THEN RAISE(ABORT, 'otvety: thread moved') ELSE RAISE(ABORT, 'otvety: thread moving') END;
END;
