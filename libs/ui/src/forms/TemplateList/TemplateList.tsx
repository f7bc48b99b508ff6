import { Button, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { FormTemplate } from '@pando/domain';

export interface TemplateListProps {
  /** The viewer's own templates (they may edit and delete them). */
  own: readonly FormTemplate[];
  /** Templates of others in the organisation (view and fill only). */
  publicTemplates: readonly FormTemplate[];
  /** The selected template's key (`templateKey`). */
  selectedKey?: string | null;
  /** Selects a template. */
  onSelect: (template: FormTemplate) => void;
  /** Starts a new template (spec 02 §9 default). Without it no New template button shows. */
  onNew?: () => void;
}

/** A template's identity in lists: its id, or title and version while it is not saved. */
export function templateKey(template: Pick<FormTemplate, 'id' | 'title' | 'version'>): string {
  return template.id != null
    ? `id:${String(template.id)}`
    : `new:${template.title}:${template.version}`;
}

function Section({
  label,
  templates,
  selectedKey,
  onSelect,
  empty,
}: {
  label: string;
  templates: readonly FormTemplate[];
  selectedKey: string | null | undefined;
  onSelect: (template: FormTemplate) => void;
  empty: string;
}) {
  return (
    <Stack gap={4} component="nav" aria-label={label}>
      <Title order={2} size="h5">
        {label}
      </Title>
      {templates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        templates.map((t) => (
          <NavLink
            key={templateKey(t)}
            component="button"
            label={t.title}
            description={`v${t.version}${t.author ? ` · ${t.author}` : ''}`}
            // Marked by a bar, not Mantine's active colours (their light blue fails contrast).
            aria-current={selectedKey === templateKey(t) ? 'true' : undefined}
            onClick={() => {
              onSelect(t);
            }}
            style={{
              overflowWrap: 'anywhere',
              borderInlineStart: `3px solid ${selectedKey === templateKey(t) ? 'var(--mantine-color-blue-filled)' : 'transparent'}`,
            }}
          />
        ))
      )}
    </Stack>
  );
}

/** Spec 02 §2: templates split into own templates (owner) and public templates (others). */
export function TemplateList({
  own,
  publicTemplates,
  selectedKey,
  onSelect,
  onNew,
}: TemplateListProps) {
  return (
    <Stack gap="md">
      {onNew ? (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
          New template
        </Button>
      ) : null}
      <Section
        label="My templates"
        templates={own}
        selectedKey={selectedKey}
        onSelect={onSelect}
        empty="You have no templates yet."
      />
      <Section
        label="Public templates"
        templates={publicTemplates}
        selectedKey={selectedKey}
        onSelect={onSelect}
        empty="No templates from others."
      />
    </Stack>
  );
}
