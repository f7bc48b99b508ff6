import { Badge, Stack } from '@mantine/core';
import type { SearchResult } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME, XSS_IMG } from '../../testing/fixtures';
import { awkwardResults, searchResults } from '../../testing/searchFixtures';
import { describeResult, SearchResultRow } from './SearchResultRow';

/** A fixture by the name people read on the row. */
function named(name: string, list: readonly SearchResult[] = searchResults): SearchResult {
  const result = list.find((r) => describeResult(r).name === name);
  if (!result) throw new Error(`no search fixture named ${name}`);
  return result;
}
function personOf(result: SearchResult) {
  if (result.type !== 'USER') throw new Error('not a person');
  return result.data;
}
function teamOf(result: SearchResult) {
  if (result.type !== 'TEAM') throw new Error('not a team');
  return result.data;
}

const priya = named('Priya Raman');
const bob = named('Bob Okafor');
const carol = named('Carol Ng');
const cardiologyAdvice = named('Cardiology Advice');
const ward7 = named('Ward 7 Team');
const juniorForum = named('Junior Doctors Forum');
const rtlPerson = named(RTL_NAME, awkwardResults);
const hostilePerson = named(`${XSS_IMG} javascript:alert(1)`, awkwardResults);
const hostileTeam = named(`${XSS_IMG} team`, awkwardResults);

const meta = {
  title: 'UI/Search/SearchResultRow',
  component: SearchResultRow,
  tags: ['autodocs'],
  args: { result: priya, onClick: fn() },
  decorators: [
    (Story) => (
      <Stack p="md" maw={480}>
        <Story />
      </Stack>
    ),
  ],
} satisfies Meta<typeof SearchResultRow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A person: name, then role · speciality · hospital, and whether they are available. */
export const Person: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('button', { name: /Priya Raman/ });
    await expect(
      canvas.getByText('Consultant cardiologist · Cardiology · St Elsewhere General'),
    ).toBeVisible();
    await userEvent.click(row);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Unavailable people show it beside their name (a red dot, and the word for screen readers). */
export const PersonUnavailable: Story = {
  args: { result: bob },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /Bob Okafor.*Unavailable/ }),
    ).toBeVisible();
  },
};

/** On the search page a row is a link (it can open in a new tab); a plain click is the app's. */
export const AsLink: Story = {
  args: { result: cardiologyAdvice, href: '/ask-advice/31' },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: /Cardiology Advice/ });
    await expect(link).toHaveAttribute('href', '/ask-advice/31');
    await userEvent.click(link);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Teams say which kind they are and how many members they have. */
export const AdviceTeam: Story = {
  args: { result: cardiologyAdvice },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ask advice · 3 members')).toBeVisible();
  },
};
export const PrivateTeam: Story = {
  args: { result: ward7 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Team · 3 members')).toBeVisible();
  },
};
export const Forum: Story = {
  args: { result: juniorForum },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Forum · 3 members')).toBeVisible();
  },
};
export const TeamWithOneMember: Story = {
  args: {
    result: { type: 'TEAM', data: { ...teamOf(ward7), user_ids: [1] } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Team · 1 member')).toBeVisible();
  },
};

/** In a picker, the caller adds something at the end (here: already selected). */
export const WithTrailing: Story = {
  args: {
    result: carol,
    trailing: (
      <Badge size="sm" variant="light">
        Selected
      </Badge>
    ),
  },
};

/** A very long name is cut with an ellipsis; the full name stays in the tooltip. */
export const LongName: Story = {
  args: {
    result: { type: 'USER', data: { ...personOf(priya), first_name: LONG_NAME, last_name: '' } },
  },
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getByTitle(LONG_NAME);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    const row = within(canvasElement).getByRole('button');
    await expect(row.scrollWidth).toBeLessThanOrEqual(row.clientWidth);
  },
};

export const RightToLeftName: Story = {
  args: { result: rtlPerson },
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getByText(RTL_NAME);
    await expect(getComputedStyle(name).direction).toBe('rtl');
  },
};

/** XSS: hostile names and roles render as the characters typed. */
export const HostileNames: Story = {
  render: (args) => (
    <>
      <SearchResultRow {...args} result={hostilePerson} />
      <SearchResultRow {...args} result={hostileTeam} href="/teams/23" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('<img src=x onerror=alert(1)> javascript:alert(1)'),
    ).toBeVisible();
    await expect(canvas.getByText('<img src=x onerror=alert(1)> team')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
