CREATE TABLE `people` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`platform` text NOT NULL,
	`author` text NOT NULL,
	`profile_url` text DEFAULT '' NOT NULL,
	`linked_to` text,
	`muted` integer DEFAULT false NOT NULL,
	`signal_count` integer DEFAULT 0 NOT NULL,
	`best_score` real DEFAULT 0 NOT NULL,
	`best_intent` text,
	`icp_matched` integer DEFAULT false NOT NULL,
	`first_seen` text,
	`last_seen` text,
	`hot` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_identity_idx` ON `people` (`team_id`,`platform`,`author`);--> statement-breakpoint
CREATE INDEX `people_linked_idx` ON `people` (`linked_to`);--> statement-breakpoint
ALTER TABLE `signals` ADD `person_id` text;--> statement-breakpoint
CREATE INDEX `signals_person_idx` ON `signals` (`person_id`,`published_at`);--> statement-breakpoint
ALTER TABLE `teams` ADD `heat_threshold` integer DEFAULT 70 NOT NULL;--> statement-breakpoint
INSERT INTO `people` (`id`, `team_id`, `platform`, `author`, `created_at`)
SELECT 'per_' || lower(hex(randomblob(12))), `team_id`, `platform`, `author`, min(`detected_at`)
FROM `signals` GROUP BY `team_id`, `platform`, `author`;--> statement-breakpoint
UPDATE `signals` SET `person_id` = (SELECT p.`id` FROM `people` p WHERE p.`team_id` = `signals`.`team_id`
  AND p.`platform` = `signals`.`platform` AND p.`author` = `signals`.`author`);--> statement-breakpoint
UPDATE `people` SET
  `signal_count` = (SELECT count(*) FROM `signals` s WHERE s.`person_id` = `people`.`id`),
  `best_score` = (SELECT max(s.`score`) FROM `signals` s WHERE s.`person_id` = `people`.`id`),
  `best_intent` = (SELECT s.`intent` FROM `signals` s WHERE s.`person_id` = `people`.`id` ORDER BY s.`score` DESC, s.`published_at` DESC LIMIT 1),
  `icp_matched` = EXISTS (SELECT 1 FROM `signals` s WHERE s.`person_id` = `people`.`id` AND s.`icp_match` IS NOT NULL),
  `first_seen` = (SELECT min(s.`published_at`) FROM `signals` s WHERE s.`person_id` = `people`.`id`),
  `last_seen` = (SELECT max(s.`published_at`) FROM `signals` s WHERE s.`person_id` = `people`.`id`);--> statement-breakpoint
DROP INDEX `signals_list_idx`;--> statement-breakpoint
CREATE INDEX `signals_list_idx` ON `signals` (`team_id`,"score" desc,"published_at" desc,"id" desc,`dismissed`,`author`,`platform`,`intent`,`reason`,`icp_match`,`preview`,`url`,`keyword`,`detected_at`,`person_id`);
