CREATE TABLE `feed_items` (
	`owner_id` integer NOT NULL,
	`added` integer NOT NULL,
	`item_id` integer NOT NULL,
	`kind` text NOT NULL,
	`author_id` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `added`, `item_id`, `kind`)
);
--> statement-breakpoint
CREATE INDEX `feed_items_author_idx` ON `feed_items` (`owner_id`,`author_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `feed_star` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_feed_star_idx` ON `users` (`id`) WHERE feed_star = 1;--> statement-breakpoint
-- A reader's people feed is kept as rows (fan-out on write), so that reading a page of it is one
-- range of the table's key however many people he follows and however much they wrote. The rows
-- are written here, by triggers, so that every writer (the calls, the seeders, a moderator's
-- tools) keeps them alike. An item is written whatever its state: whether it is shown (hidden,
-- deleted, its category) is read from the question or answer itself when the page is read.
--
-- A user followed by more than 1,000 people (a star, users.feed_star, which stays set) is not
-- fanned out: one question of his would write a row for each follower while every other write
-- of the site waits. His writing is read into his followers' feeds when they read them, and his
-- rows written before he became a star are passed over.
--
-- A recreated questions, answers, follows or users table (drizzle-kit does so to change a
-- column) drops these triggers with it: that migration must create them again.
CREATE TRIGGER feed_star_mark AFTER UPDATE OF followers ON users WHEN NEW.followers > 1000 AND NEW.feed_star = 0
BEGIN
  UPDATE users SET feed_star = 1 WHERE id = NEW.id;
END;
--> statement-breakpoint
-- A new question or answer goes to the feed of everyone who follows its author.
CREATE TRIGGER feed_question_insert AFTER INSERT ON questions WHEN (SELECT feed_star FROM users WHERE id = NEW.user_id) = 0
BEGIN
  INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
  SELECT follower_id, NEW.added, NEW.id, 'Q', NEW.user_id FROM follows WHERE target_type = 'U' AND target_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER feed_answer_insert AFTER INSERT ON answers WHEN (SELECT feed_star FROM users WHERE id = NEW.user_id) = 0
BEGIN
  INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
  SELECT follower_id, NEW.added, NEW.id, 'A', NEW.user_id FROM follows WHERE target_type = 'U' AND target_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER feed_question_delete AFTER DELETE ON questions
BEGIN
  DELETE FROM feed_items WHERE owner_id IN (SELECT follower_id FROM follows WHERE target_type = 'U' AND target_id = OLD.user_id)
    AND added = OLD.added AND item_id = OLD.id AND kind = 'Q';
END;
--> statement-breakpoint
CREATE TRIGGER feed_answer_delete AFTER DELETE ON answers
BEGIN
  DELETE FROM feed_items WHERE owner_id IN (SELECT follower_id FROM follows WHERE target_type = 'U' AND target_id = OLD.user_id)
    AND added = OLD.added AND item_id = OLD.id AND kind = 'A';
END;
--> statement-breakpoint
-- The app never changes when an item was written, but a seeder or an import may: the feed's copy
-- of the time moves with it.
CREATE TRIGGER feed_question_added AFTER UPDATE OF added ON questions WHEN NEW.added <> OLD.added
BEGIN
  UPDATE feed_items SET added = NEW.added WHERE owner_id IN (SELECT follower_id FROM follows WHERE target_type = 'U' AND target_id = OLD.user_id)
    AND added = OLD.added AND item_id = OLD.id AND kind = 'Q';
END;
--> statement-breakpoint
CREATE TRIGGER feed_answer_added AFTER UPDATE OF added ON answers WHEN NEW.added <> OLD.added
BEGIN
  UPDATE feed_items SET added = NEW.added WHERE owner_id IN (SELECT follower_id FROM follows WHERE target_type = 'U' AND target_id = OLD.user_id)
    AND added = OLD.added AND item_id = OLD.id AND kind = 'A';
END;
--> statement-breakpoint
-- Following someone who is not a star brings his newest 1,020 questions and 1,020 answers (the
-- deepest a feed's page reaches by offset, 1,000, and a page more) into the follower's feed;
-- older ones stay on the author's profile.
CREATE TRIGGER feed_follow_insert AFTER INSERT ON follows WHEN NEW.target_type = 'U' AND (SELECT feed_star FROM users WHERE id = NEW.target_id) = 0
BEGIN
  INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
  SELECT NEW.follower_id, added, id, 'Q', user_id FROM questions WHERE user_id = NEW.target_id AND hidden = 0 AND state <> 'D' ORDER BY added DESC LIMIT 1020;
  INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
  SELECT NEW.follower_id, added, id, 'A', user_id FROM answers WHERE user_id = NEW.target_id AND hidden = 0 ORDER BY added DESC LIMIT 1020;
END;
--> statement-breakpoint
CREATE TRIGGER feed_follow_delete AFTER DELETE ON follows WHEN OLD.target_type = 'U'
BEGIN
  DELETE FROM feed_items WHERE owner_id = OLD.follower_id AND author_id = OLD.target_id;
END;
--> statement-breakpoint
-- The users followed by more than 1,000 people before this migration are stars; the follows of
-- the others made before it are as if made now.
UPDATE users SET feed_star = 1 WHERE followers > 1000;
--> statement-breakpoint
INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
SELECT f.follower_id, q.added, q.id, 'Q', q.user_id FROM follows f
JOIN users s ON s.id = f.target_id AND s.feed_star = 0
JOIN questions q ON q.id IN (SELECT id FROM questions WHERE user_id = f.target_id AND hidden = 0 AND state <> 'D' ORDER BY added DESC LIMIT 1020)
WHERE f.target_type = 'U';
--> statement-breakpoint
INSERT OR IGNORE INTO feed_items (owner_id, added, item_id, kind, author_id)
SELECT f.follower_id, a.added, a.id, 'A', a.user_id FROM follows f
JOIN users s ON s.id = f.target_id AND s.feed_star = 0
JOIN answers a ON a.id IN (SELECT id FROM answers WHERE user_id = f.target_id AND hidden = 0 ORDER BY added DESC LIMIT 1020)
WHERE f.target_type = 'U';
