CREATE TABLE IF NOT EXISTS `platform_pauses` (
	`key` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`until_ms` integer NOT NULL,
	`why` text NOT NULL
);
