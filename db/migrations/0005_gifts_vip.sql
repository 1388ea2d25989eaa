-- Gifts and VIP (docs/decisions/0018-gifts-and-vip.md): a received gift the recipient deleted
-- (delgift) keeps its row with the moment of deletion; the cron's VIP expiry reads the VIPs by the
-- end of their period.
ALTER TABLE `sent_gifts` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `users_vip_until_idx` ON `users` (`vip_until`) WHERE vip = 1;