-- What ends a party's place in a lesson room, announced to the room hub of every server
-- process (modules/room/room-bus.ts) on lektorium_room as {"o": "db", "e": <event>}, whoever made
-- the change: a sign-out, a password change, an operator's ban or cancellation in psql. NOTIFY is
-- delivered at commit, and never for a rolled-back change.
CREATE FUNCTION lektorium_room_notify(event jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('lektorium_room', jsonb_build_object('o', 'db', 'e', event)::text)
$$;
--> statement-breakpoint
-- A session ended or an account changed: the hub checks the sockets of that user again.
-- Argument: the column naming the user.
CREATE FUNCTION lektorium_room_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lektorium_room_notify(jsonb_build_object('k', 'access', 'u', to_jsonb(OLD) ->> TG_ARGV[0]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_room_access AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION lektorium_room_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_room_access_deleted AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION lektorium_room_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_room_access AFTER UPDATE ON users FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.banned_until IS DISTINCT FROM OLD.banned_until)
  EXECUTE FUNCTION lektorium_room_access_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_room_access_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION lektorium_room_access_changed('id');
--> statement-breakpoint
-- A lesson cancelled (or deleted): its room ends for both parties, saying by whom and why. The
-- reason is cut to 1000 characters here only so that a reason typed into psql can never make the
-- payload too long for NOTIFY and so fail the cancellation (the API allows 255).
CREATE FUNCTION lektorium_room_lesson_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM lektorium_room_notify(jsonb_build_object('k', 'cancelled', 'l', OLD.id, 'b', NULL, 'r', NULL));
  ELSE
    PERFORM lektorium_room_notify(jsonb_build_object(
      'k', 'cancelled', 'l', NEW.id, 'b', NEW.cancelled_by, 'r', left(NEW.cancellation_reason, 1000)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lessons_room_cancelled AFTER UPDATE ON lessons FOR EACH ROW
  WHEN (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL)
  EXECUTE FUNCTION lektorium_room_lesson_ended();
--> statement-breakpoint
CREATE TRIGGER lessons_room_deleted AFTER DELETE ON lessons FOR EACH ROW
  EXECUTE FUNCTION lektorium_room_lesson_ended();
