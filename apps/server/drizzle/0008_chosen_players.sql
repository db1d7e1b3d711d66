-- A Player Tracking output records the team and numbers chosen for it (its card says them).
ALTER TABLE "videos" ADD COLUMN "chosen_players" jsonb;