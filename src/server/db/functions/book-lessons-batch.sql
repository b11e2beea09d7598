-- Bookings that arrive together are made in one transaction and one round trip
-- (modules/lessons/booking-lanes.ts). Each item is one call of lektorium_book_lessons
-- (book-lessons.sql), in the order given, so every rule, lock order and refusal is the single
-- booking's: a later item sees what the earlier ones booked, as if they had committed just before
-- it. One commit (one WAL flush) for the whole batch. Any error aborts the batch; the caller then
-- books each item alone. Applied at every start (docs/decisions.md "SQL functions: one live source").
CREATE OR REPLACE FUNCTION lektorium_book_lessons_batch(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  outcomes jsonb[] := '{}';
BEGIN
  FOR item IN SELECT e.value FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
    outcomes := outcomes || lektorium_book_lessons(
      (item->>'student')::uuid,
      (item->>'teacher')::uuid,
      (item->>'language')::integer,
      (item->>'level')::integer,
      ARRAY(SELECT jsonb_array_elements_text(item->'slots'))::uuid[],
      (item->>'now')::timestamptz,
      (item->>'today')::date,
      (item->>'from')::date,
      (item->>'to')::date,
      (item->>'grace')::integer,
      (item->>'match')::integer,
      item->>'key',
      item->>'scope',
      item->>'hash'
    );
  END LOOP;
  RETURN to_jsonb(outcomes);
END
$$;
