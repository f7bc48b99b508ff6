-- Issue 36: a CSV export's delimiter is one of comma, semicolon, tab or pipe (CSV_DELIMITERS in
-- libs/domain). Templates saved before with anything else are set to the default comma, so they
-- still load (the template schema refuses other delimiters).
update form_templates
   set export_options = (
     select coalesce(jsonb_agg(
              case when o->>'type' = 'csv' and o ? 'delimiter'
                        and o->>'delimiter' not in (',', ';', E'\t', '|')
                   then jsonb_set(o, '{delimiter}', '","') else o end
              order by ord), '[]'::jsonb)
       from jsonb_array_elements(export_options) with ordinality as e(o, ord))
 where jsonb_typeof(export_options) = 'array'
   and exists (select 1 from jsonb_array_elements(export_options) o
                where o->>'type' = 'csv' and o ? 'delimiter'
                  and o->>'delimiter' not in (',', ';', E'\t', '|'));
