import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { EVERY_CONTROL, SAMPLE_FORM } from '../fixtures';
import { ExportOptionsEditor } from './ExportOptionsEditor';

const meta = {
  title: 'UI/Forms/TemplateEditor/ExportOptionsEditor',
  component: ExportOptionsEditor,
  tags: ['autodocs'],
  args: {
    opened: true,
    options: SAMPLE_FORM.export_options,
    controls: EVERY_CONTROL,
    onDone: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ExportOptionsEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is a portal: its content is found on the page, not in the story's canvas. */
const dialog = async () => within(await screen.findByRole('dialog', { name: 'Export options' }));

/**
 * One option of each type (spec 02 §3): csv (fields, delimiter, array separator, save to), json
 * (object, save to) and email (address). Done keeps them when every title is unique.
 */
export const EveryType: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByText('CSV export')).toBeVisible();
    await expect(d.getByText('JSON export')).toBeVisible();
    await expect(d.getByText('EMAIL export')).toBeVisible();
    const email = within(d.getByRole('region', { name: 'Export option 3' }));
    await expect(email.getByRole('textbox', { name: 'Address' })).toHaveValue('{{user.email}}');
    await expect(email.queryByRole('textbox', { name: 'Save to' })).toBeNull();
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(args.onDone).toHaveBeenCalledWith(SAMPLE_FORM.export_options);
  },
};

/** No options yet: the dialog says so and offers the three kinds. */
export const Empty: Story = {
  args: { options: [] },
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByText('No export options yet.')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Add CSV export' }));
    const csv = within(d.getByRole('region', { name: 'Export option 1' }));
    // Spec 02 §9 defaults: delimiter comma, array separator '/', saved locally.
    // The delimiter is chosen among comma, semicolon, tab and pipe (issue 36), never typed.
    const delimiter = csv.getByLabelText('Delimiter');
    await expect(delimiter).toHaveValue('Comma (,)');
    await userEvent.click(delimiter);
    await userEvent.click(await screen.findByRole('option', { name: 'Tab' }));
    await expect(delimiter).toHaveValue('Tab');
    await expect(csv.getByRole('textbox', { name: 'Array separator' })).toHaveValue('/');
    await expect(csv.getByRole('textbox', { name: /Save to/ })).toHaveValue('local');
    // A default "new … export" title is refused (spec 02 §5); a named one is kept.
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(
      (await d.findAllByText('Please enter a unique title for the export option'))[0],
    ).toBeVisible();
    await expect(args.onDone).not.toHaveBeenCalled();
    const title = csv.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Bed state CSV');
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(args.onDone).toHaveBeenCalledWith([
      expect.objectContaining({ title: 'Bed state CSV', type: 'csv' }),
    ]);
  },
};

/** Two options may not share a title (case and spaces ignored); removing one clears the error. */
export const DuplicateTitle: Story = {
  args: {
    options: [
      SAMPLE_FORM.export_options[0]!,
      { ...SAMPLE_FORM.export_options[1]!, title: ' ward csv ' },
    ],
  },
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(await d.findByRole('alert')).toHaveTextContent(
      'Please enter a unique title for the export option',
    );
    await userEvent.click(d.getByRole('button', { name: 'Remove export option 2' }));
    await expect(d.queryByRole('alert')).toBeNull();
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(args.onDone).toHaveBeenCalledWith([SAMPLE_FORM.export_options[0]]);
  },
};

/** Cancel (or Escape) closes without keeping anything. */
export const CancelByKeyboard: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const title = within(d.getByRole('region', { name: 'Export option 1' })).getByRole('textbox', {
      name: 'Title',
    });
    await userEvent.type(title, ' (draft)');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** A phone: the dialog fits the screen, every option and the buttons reachable, no sideways scroll. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('region', { name: 'Export option 3' })).toBeInTheDocument();
    await expect(d.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    await expect(window.innerWidth).toBeLessThanOrEqual(430);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
