-- docs/operations.md#importing-signals: an import reads an id given alone as the post of the line's platform and keys
-- it as polling does (`hackernews:42`), so that a poll finding the post again, or the same file imported again, knows
-- it (one signal per team, platform and post id: docs/operations.md#exactly-once). An import before that stored the
-- id alone, and the demo keyed its samples so: such a signal is keyed as the import keys it now. Left as they are: a
-- post id that is the signal's url (an import without an id), one already keyed for a platform, a Mastodon id (an
-- instance's own), one past the 500 characters an id is kept in, and one whose keyed form the team has already (then
-- the team has both signals, as it had).
--
-- A team whose signals change has its signals version moved, so that a server of the version before (a rolling upgrade)
-- reads its remembered pages again, as 0028 does.
WITH p(name) AS (VALUES ('twitter'), ('reddit'), ('linkedin'), ('youtube'), ('hackernews'), ('bluesky'),
  ('stackoverflow'), ('medium'), ('substack'), ('github'), ('devto'), ('mastodon'), ('quora'), ('pinterest'),
  ('facebook'), ('instagram'), ('tiktok'), ('producthunt'), ('g2'))
UPDATE `teams` SET `signals_version` = `signals_version` + 1
WHERE `id` IN (SELECT `team_id` FROM `signals` WHERE `platform` <> 'mastodon' AND `post_id` <> `url`
  AND length(`platform`) + 1 + length(`post_id`) <= 500
  AND NOT EXISTS (SELECT 1 FROM p WHERE substr(`signals`.`post_id`, 1, length(p.name) + 1) = p.name || ':')
  AND NOT EXISTS (SELECT 1 FROM `signals` o WHERE o.`team_id` = `signals`.`team_id`
    AND o.`platform` = `signals`.`platform` AND o.`post_id` = `signals`.`platform` || ':' || `signals`.`post_id`));
--> statement-breakpoint
WITH p(name) AS (VALUES ('twitter'), ('reddit'), ('linkedin'), ('youtube'), ('hackernews'), ('bluesky'),
  ('stackoverflow'), ('medium'), ('substack'), ('github'), ('devto'), ('mastodon'), ('quora'), ('pinterest'),
  ('facebook'), ('instagram'), ('tiktok'), ('producthunt'), ('g2'))
UPDATE `signals` SET `post_id` = `platform` || ':' || `post_id`
WHERE `platform` <> 'mastodon' AND `post_id` <> `url`
  AND length(`platform`) + 1 + length(`post_id`) <= 500
  AND NOT EXISTS (SELECT 1 FROM p WHERE substr(`signals`.`post_id`, 1, length(p.name) + 1) = p.name || ':')
  AND NOT EXISTS (SELECT 1 FROM `signals` o WHERE o.`team_id` = `signals`.`team_id`
    AND o.`platform` = `signals`.`platform` AND o.`post_id` = `signals`.`platform` || ':' || `signals`.`post_id`);
