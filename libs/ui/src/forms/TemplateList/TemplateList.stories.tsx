import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SAMPLE_FORM } from '../fixtures';
import { TemplateList, templateKey } from './TemplateList';

const other = {
  ...SAMPLE_FORM,
  id: 52,
  title: 'Falls risk assessment',
  created_by_id: 9,
  author: 'Bob Baker',
};

const meta = {
  title: 'UI/Forms/TemplateList',
  component: TemplateList,
  tags: ['autodocs'],
  args: {
    own: [SAMPLE_FORM],
    publicTemplates: [other],
    selectedKey: templateKey(SAMPLE_FORM),
    onSelect: fn(),
    onNew: fn(),
  },
} satisfies Meta<typeof TemplateList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: own templates and public templates (others'). */
export const OwnAndPublic: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const publicList = within(canvas.getByRole('navigation', { name: 'Public templates' }));
    await userEvent.click(publicList.getByRole('button', { name: /Falls risk assessment/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(other);
  },
};
export const Empty: Story = { args: { own: [], publicTemplates: [] } };
