CREATE TABLE `house_ads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`href` text NOT NULL,
	`image` text,
	`pages` text DEFAULT '' NOT NULL,
	`weight` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`starts_at` integer,
	`ends_at` integer
);
--> statement-breakpoint
CREATE INDEX `house_ads_active_idx` ON `house_ads` (`active`);--> statement-breakpoint
-- hand-written: the site's own promotions the slots start with
INSERT INTO `house_ads` (`kind`, `title`, `text`, `href`, `pages`, `weight`) VALUES
  ('ball', 'Волшебный шар', 'Задайте шару вопрос — он ответит «да» или «нет».', '/newyear/', '', 2),
  ('vip', 'Станьте VIP', 'Вдвое больше баллов за ответы и до 100 вопросов в день.', '/myprofile', '', 1),
  ('ask', 'Не нашли ответа?', 'Задайте свой вопрос — вам ответят живые люди.', '/ask', 'index,category,question,answer,search,top', 2),
  ('top', 'Лидеры недели', 'Кто ответил лучше всех на этой неделе.', '/top/points/week/', 'index,category,question,answer,profile,search', 1),
  ('golden', 'Золотой фонд', 'Лучшие вопросы сайта — те, что понравились читателям больше всего.', '/golden/', 'index,category,question,answer,profile,top,search', 1);
