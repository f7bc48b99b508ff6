import { Checkbox, Radio, Stack, Title } from '@mantine/core';
import {
  OUTSIDE_ORGANISATION_LABELS,
  SEARCH_INCLUDE_CHOICES,
  type SearchInclude,
} from '@pando/domain';

export interface SearchFiltersProps {
  /** Chosen includes; empty means everything. */
  includes: readonly SearchInclude[];
  /** Receives the new includes when a choice changes. */
  onIncludesChange: (includes: SearchInclude[]) => void;
  /** filters.outsideOrganisation (default false). */
  outsideOrganisation: boolean;
  /** Receives the organisation switch's new value. */
  onOutsideOrganisationChange: (outside: boolean) => void;
  /** Search page says No/Yes, the contact picker says "in my organisation"/"outside organisation". @default 'search' */
  wording?: 'search' | 'picker';
  /** Hides the include choices (the contact picker searches people only). @default true */
  withIncludes?: boolean;
}

/** Spec 01 §2 search filters: include (Users, Teams, Forums, Ask Advice) and outside organisation. */
export function SearchFilters({
  includes,
  onIncludesChange,
  outsideOrganisation,
  onOutsideOrganisationChange,
  wording = 'search',
  withIncludes = true,
}: SearchFiltersProps) {
  const labels = OUTSIDE_ORGANISATION_LABELS[wording];
  return (
    <Stack gap="md">
      {withIncludes ? (
        <Checkbox.Group
          label={
            <Title order={3} size="h6">
              Include
            </Title>
          }
          value={[...includes]}
          onChange={(values) => {
            onIncludesChange(
              SEARCH_INCLUDE_CHOICES.map((c) => c.include).filter((include) =>
                values.includes(include),
              ),
            );
          }}
        >
          <Stack gap={6} mt={6}>
            {SEARCH_INCLUDE_CHOICES.map((choice) => (
              <Checkbox key={choice.include} value={choice.include} label={choice.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      <Radio.Group
        label={
          <Title order={3} size="h6">
            {wording === 'search' ? 'Outside organisation' : 'Organisation'}
          </Title>
        }
        value={String(outsideOrganisation)}
        onChange={(value) => {
          onOutsideOrganisationChange(value === 'true');
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="false" label={labels.false} />
          <Radio value="true" label={labels.true} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
