ALTER TABLE `people` ADD `account_id` text;--> statement-breakpoint
CREATE INDEX `people_account_idx` ON `people` (`team_id`,`platform`,`account_id`);--> statement-breakpoint
-- docs/people.md#renamed-accounts: a Bluesky person is its account, the DID. The stream named its people by DID, and
-- searches by handle, before either kept the account: those people get their DID, read from their posts' ids
-- (`bluesky:at://<did>/app.bsky.feed.post/<rkey>`, the author's own record), when all of them name one DID (a name
-- two accounts held in turn gets none), so that the account's later posts, under any handle, find them.
UPDATE `people` SET `account_id` = d.`did`
FROM (SELECT `id`, min(`did`) AS `did`, max(`did`) AS `other` FROM (
    SELECT p.`id`, substr(s.`post_id`, 14, instr(substr(s.`post_id`, 14), '/') - 1) AS `did` FROM `signals` s JOIN `people` p ON p.`team_id` = s.`team_id`
      AND p.`platform` = s.`platform` AND p.`author` = s.`author`
    WHERE s.`platform` = 'bluesky' AND substr(s.`post_id`, 1, 17) = 'bluesky:at://did:' AND instr(substr(s.`post_id`, 14), '/') > 0
    UNION ALL
    SELECT s.`person_id`, substr(s.`post_id`, 14, instr(substr(s.`post_id`, 14), '/') - 1) FROM `signals` s
    WHERE s.`platform` = 'bluesky' AND s.`person_id` IS NOT NULL AND substr(s.`post_id`, 1, 17) = 'bluesky:at://did:' AND instr(substr(s.`post_id`, 14), '/') > 0)
  GROUP BY `id`) AS d
WHERE `people`.`id` = d.`id` AND `people`.`platform` = 'bluesky' AND d.`did` = d.`other`
  AND (`people`.`author` NOT LIKE 'did:%' OR `people`.`author` = d.`did`);--> statement-breakpoint
-- Where a team has several people of one account (the stream's by DID, a search's by handle, the account's own), they
-- become one as a link would (docs/people.md#links): every other one, with those linked into it, is linked into the
-- person made last among those shown by a handle (else by DID), whose id the signals then carry: the account's own
-- when it has one (made since people were kept by DID), which takes each new handle the account's posts bring. Rows are only linked, never removed. An account whose people
-- are linked with another account's people is left as it is (which of them would lead is not this migration's call).
CREATE TABLE `account_roots` AS SELECT DISTINCT `team_id`, `account_id`, coalesce(`linked_to`, `id`) AS `root`
  FROM `people` WHERE `platform` = 'bluesky' AND `account_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `account_roots_root` ON `account_roots` (`root`);--> statement-breakpoint
CREATE INDEX `account_roots_account` ON `account_roots` (`team_id`, `account_id`);--> statement-breakpoint
DELETE FROM `account_roots` WHERE (`team_id`, `account_id`) IN (SELECT o.`team_id`, o.`account_id`
  FROM `account_roots` o WHERE o.`root` IN (SELECT `root` FROM `account_roots` GROUP BY `root` HAVING count(*) > 1));--> statement-breakpoint
CREATE TABLE `account_joins` AS
SELECT g.`root` AS `from_root`, t.`into`, g.`team_id` FROM `account_roots` g
JOIN (SELECT a.`team_id`, a.`account_id`, (SELECT h.`root` FROM `account_roots` h JOIN `people` q ON q.`id` = h.`root`
      WHERE h.`team_id` = a.`team_id` AND h.`account_id` = a.`account_id`
      ORDER BY q.`author` LIKE 'did:%', q.`created_at` DESC, q.`id` LIMIT 1) AS `into`
    FROM `account_roots` a GROUP BY a.`team_id`, a.`account_id` HAVING count(*) > 1) t
  ON t.`team_id` = g.`team_id` AND t.`account_id` = g.`account_id`
WHERE g.`root` <> t.`into`;--> statement-breakpoint
CREATE INDEX `account_joins_from` ON `account_joins` (`from_root`);--> statement-breakpoint
UPDATE `signals` SET `person_id` = j.`into` FROM `account_joins` j WHERE `signals`.`person_id` = j.`from_root`;--> statement-breakpoint
UPDATE `people` SET `linked_to` = j.`into` FROM `account_joins` j
  WHERE coalesce(`people`.`linked_to`, `people`.`id`) = j.`from_root`;--> statement-breakpoint
-- Muted if any of them was (docs/people.md#mute), as a link does.
UPDATE `people` SET `muted` = 1 WHERE coalesce(`linked_to`, `id`) IN (SELECT `into` FROM `account_joins`)
  AND coalesce(`linked_to`, `id`) IN (SELECT coalesce(q.`linked_to`, q.`id`) FROM `people` q WHERE q.`muted` = 1);--> statement-breakpoint
-- The figures of each person who took others' signals, summed from the signals it now carries, those judged not
-- relevant left out (docs/people.md#heat); those who gave theirs carry none.
UPDATE `people` SET `signal_count` = f.`n`, `best_score` = f.`best`, `icp_matched` = f.`icp`, `first_seen` = f.`first`,
  `last_seen` = f.`last`, `best_intent` = (SELECT s.`intent` FROM `signals` s WHERE s.`person_id` = `people`.`id`
    AND s.`dismissed` = 0 ORDER BY s.`score` DESC, s.`published_at` DESC LIMIT 1)
FROM (SELECT `person_id`, count(*) AS `n`, max(`score`) AS `best`, max(`icp_match` IS NOT NULL) AS `icp`,
    min(`published_at`) AS `first`, max(`published_at`) AS `last`
  FROM `signals` WHERE `dismissed` = 0 AND `person_id` IN (SELECT `into` FROM `account_joins`)
  GROUP BY `person_id`) AS f
WHERE `people`.`id` = f.`person_id`;--> statement-breakpoint
UPDATE `people` SET `signal_count` = 0, `best_score` = 0, `best_intent` = NULL, `icp_matched` = 0, `first_seen` = NULL,
  `last_seen` = NULL WHERE `id` IN (SELECT `from_root` FROM `account_joins`);--> statement-breakpoint
-- A server of the version before (a rolling upgrade) reads its remembered pages again, as 0028 does.
UPDATE `teams` SET `signals_version` = `signals_version` + 1 WHERE `id` IN (SELECT `team_id` FROM `account_joins`);--> statement-breakpoint
DROP TABLE `account_joins`;--> statement-breakpoint
DROP TABLE `account_roots`;
