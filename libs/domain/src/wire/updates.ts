import { z } from 'zod';

/** A field's schema without its `.default()`/`.prefault()`: what an update may leave out. */
type WithoutDefault<S> =
  S extends z.ZodDefault<infer Inner> ? Inner : S extends z.ZodPrefault<infer Inner> ? Inner : S;

type UpdateShape<Shape extends z.ZodRawShape> = {
  [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>>;
};

function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault)
    return withoutDefault(field.unwrap() as z.ZodType);
  return field;
}

/**
 * The body of an update (PUT/PATCH) built from a record's schema: every field optional and none
 * filled in. An update changes exactly the fields it was sent. zod 4's `.partial()` keeps each
 * field's `.default()`, so a body without `gender` parsed to `gender: 'MALE'` and saving a
 * patient's notes turned a female patient male (issue 35). Use this, never `.partial()`, for an
 * update body.
 */
export function updateOf<Shape extends z.ZodRawShape>(
  record: z.ZodObject<Shape>,
): z.ZodObject<UpdateShape<Shape>> {
  const shape = Object.fromEntries(
    Object.entries(record.shape).map(([key, field]) => [
      key,
      withoutDefault(field as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<Shape>>;
}
