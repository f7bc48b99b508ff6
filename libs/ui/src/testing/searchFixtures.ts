import type { SearchResult } from '@pando/domain';
import { RTL_NAME, XSS_IMG } from './fixtures';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const team = (
  id: number,
  name: string,
  extra: Partial<Extract<SearchResult, { type: 'TEAM' }>['data']> = {},
): SearchResult => ({
  type: 'TEAM',
  data: {
    id,
    name,
    mim_id: `room${id}`,
    user_ids: [1, 2, 3],
    discoverable: true,
    auto_accept: false,
    ...extra,
  },
});
const user = (
  id: number,
  first: string,
  last: string,
  role: string,
  hospital: string,
  outside = false,
): SearchResult => ({
  type: 'USER',
  data: {
    id,
    uuid: uuid(id),
    first_name: first,
    last_name: last,
    status: id % 3 === 0 ? 'UNAVAILABLE' : 'AVAILABLE',
    role: { description: role },
    speciality: 'Cardiology',
    hospital: { name: hospital },
    hospital_uuid: outside ? uuid(900) : uuid(100),
  },
});

export const searchResults: SearchResult[] = [
  user(11, 'Priya', 'Raman', 'Consultant cardiologist', 'St Elsewhere General'),
  user(12, 'Bob', 'Okafor', 'Registrar', 'St Elsewhere General'),
  user(13, 'Carol', 'Ng', 'Cardiac physiologist', 'Riverside Hospital', true),
  team(31, 'Cardiology Advice', { public_data: { enabled: true, tips: [], resolved_issues: [] } }),
  team(7, 'Ward 7 Team', { discoverable: false }),
  team(40, 'Junior Doctors Forum', { auto_accept: true }),
];

export const awkwardResults: SearchResult[] = [
  user(21, RTL_NAME, '', 'طبيبة مقيمة', 'St Elsewhere General'),
  user(22, XSS_IMG, 'javascript:alert(1)', XSS_IMG, 'St Elsewhere General'),
  team(23, `${XSS_IMG} team`),
];
