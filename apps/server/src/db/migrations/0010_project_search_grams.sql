-- Searching applications by part of a name or code ("梅溪湖", "7号", "430104-2025") must not read
-- the whole table. pg_trgm needs fragments of three characters, and Chinese fragments are often
-- two; PGlite would also have to load it as an extension. So an application keeps the distinct
-- characters and character pairs of its name and code, lower-cased (projects.search_grams, GIN
-- indexed); a fragment's pairs, or its one character, must all be among them, and ILIKE then
-- checks that they stand in order.
CREATE FUNCTION drp_search_grams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}') FROM (
    SELECT substr(lower(value), i, 1) AS gram FROM generate_series(1, length(value)) AS i
    UNION ALL
    SELECT substr(lower(value), i, 2) FROM generate_series(1, length(value) - 1) AS i
  ) AS grams
$$;
--> statement-breakpoint
-- The grams a searched fragment needs: its pairs, or the character itself when it is one.
CREATE FUNCTION drp_search_query_grams(fragment text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(fragment) < 2 THEN ARRAY[lower(fragment)]
    ELSE ARRAY(SELECT DISTINCT substr(lower(fragment), i, 2) FROM generate_series(1, length(fragment) - 1) AS i)
  END
$$;
