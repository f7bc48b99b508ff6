import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { screenStory, seedRow } from '../testing/screenStory';
import { chooseComposerAction } from '../testing/responsiveStory';

const meta = { title: 'Screens/Forms' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /manage/form-templates: a public template opens in the filler. */
export const Builder: Story = {
  ...screenStory('/manage/form-templates', { email: 'pando.admin@example.org' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const publicList = await canvas.findByRole(
      'navigation',
      { name: 'Public templates' },
      { timeout: 10_000 },
    );
    await userEvent.click(within(publicList).getByRole('button', { name: /Patient handover/ }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Fill in' }));
    await expect(
      await screen.findByRole('dialog', { name: 'Patient handover (v1.0)' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  },
};

/** A new template (spec 02 §9 default) saved on the server. */
export const NewTemplate: Story = {
  ...screenStory('/manage/form-templates', { email: 'pando.admin@example.org' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'New template' }, { timeout: 10_000 }),
    );
    const editor = within(canvas.getByRole('region', { name: 'Edit template' }));
    await expect(editor.getByRole('region', { name: 'Control 2: Last name' })).toBeVisible();
    await userEvent.click(editor.getByRole('button', { name: 'Save Template' }));
    await expect(
      await canvas.findByText('Template saved successfully', {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** In a chat, "Select a form" lists the organisation's templates and opens the filler. */
export const InChat: Story = {
  ...screenStory(async (backend) => {
    const bob = await seedRow<{ id: number }>(
      backend,
      'bob',
      'select id from users where email = $1',
      ['bob@example.org'],
    );
    return `/users/${String(bob.id)}`;
  }),
  play: async ({ canvasElement }) => {
    // A desktop shows the icon button; phones and tablets the composer's Attachments menu.
    await chooseComposerAction(canvasElement, 'Select a form');
    const picker = within(await screen.findByRole('dialog', { name: 'Select a form' }));
    await userEvent.click(await picker.findByRole('button', { name: /Observation chart/ }));
    await expect(
      await screen.findByRole('dialog', { name: 'Observation chart (v1.0)' }),
    ).toBeInTheDocument();
  },
};

/**
 * Without smart forms (the network admin's network has no form_templates): the "coming soon"
 * page says what smart forms do and offers a way to get in touch (issue 35).
 */
export const ComingSoon: Story = {
  ...screenStory('/manage/form-templates', { email: 'network.admin@example.org' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const contact = await canvas.findByRole('link', { name: 'Contact us' }, { timeout: 10_000 });
    await expect(contact).toHaveAttribute(
      'href',
      'mailto:support@pando.health?subject=Smart%20forms',
    );
    await expect(canvas.getByText(/Smart forms are coming soon/)).toBeVisible();
  },
};
