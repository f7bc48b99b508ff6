import { describe, expect, it } from 'vitest';
import {
  bumpVersion,
  templateChanged,
  autocompleteCompletion,
  autocompleteMatch,
  canEnterEditMode,
  fileControlState,
  canEditTemplate,
  clearValues,
  compareVersions,
  confirmedSubmission,
  controlInlineMessage,
  defaultNewTemplate,
  DELETE_CONTROL_CONFIRMATION,
  deleteFileValue,
  deleteTemplateError,
  duplicateTemplate,
  emailExportError,
  exportCsv,
  exportJson,
  fillFromPatientData,
  formFileRefusal,
  formFileTypes,
  formFileUploadError,
  isFilled,
  isKnownControlType,
  lookupTemplate,
  moveControl,
  newControl,
  patientDataDifferences,
  placeholderTemplate,
  planExport,
  removeControl,
  requiredFieldErrors,
  setControlValue,
  splitTemplates,
  submissionNotice,
  validateExportOption,
  validateForm,
  validateJsonText,
  valueText,
} from './rules';
import {
  ControlSchema,
  CsvExportOptionSchema,
  ExportOptionSchema,
  FormSubmissionResponseSchema,
  FormTemplateSchema,
  JsonExportOptionSchema,
  StructuredFileUploadResponseSchema,
  TemplateSaveResponseSchema,
  type Control,
  type FormTemplate,
} from './schemas';
import { OWN_EMAIL_PLACEHOLDER } from '../files/sendToEmail';

const control = (id: string, extra: Partial<Control> = {}): Control =>
  ControlSchema.parse({ id, type: 'text', label: id, ...extra });

function filled(): FormTemplate {
  return FormTemplateSchema.parse({
    id: 5,
    title: 'Admission',
    version: '1.0',
    created_by_id: 4,
    controls: [
      { id: 'first_name', type: 'text', label: 'First name', value: 'Ada', required: true },
      {
        id: 'allergies',
        type: 'multiselect',
        label: 'Allergies',
        options: ['Nuts', 'Latex'],
        value: ['Nuts', 'Latex'],
        delimiter: '; ',
      },
      { id: 'sep', type: 'divider', label: '' },
      { id: 'note', type: 'textarea', label: 'Note, free', value: 'said "hi"\nthen left' },
      { id: 'scan', type: 'file', label: 'Scan', value: '-' },
    ],
    export_options: [{ title: 'Export to CSV', type: 'csv' }],
  });
}

describe('templates (spec 02 §4, §9)', () => {
  it('the default new template: required first/last name, an "Export to CSV" with comma, " / ", local', () => {
    const t = defaultNewTemplate({ author: 'Alice Adams', created_by_id: 4 });
    expect(t.version).toBe('1.0');
    expect(t.controls.map((c) => [c.label, c.type, c.required])).toEqual([
      ['First name', 'text', true],
      ['Last name', 'text', true],
    ]);
    expect(t.export_options).toEqual([
      {
        title: 'Export to CSV',
        type: 'csv',
        fields: [],
        delimiter: ',',
        array_separator: ' / ',
        save_to: 'local',
      },
    ]);
    expect(FormTemplateSchema.parse(t)).toEqual(t);
  });

  it('duplicate creates "{title} (copy)" with no id and cleared values', () => {
    const copy = duplicateTemplate(
      { ...filled(), author: 'Pat Admin', created_by_id: 3, confirmed: true },
      { author: 'Olive Org', created_by_id: 9 },
    );
    expect(copy.title).toBe('Admission (copy)');
    expect('id' in copy).toBe(false);
    expect('confirmed' in copy).toBe(false);
    expect(copy.created_by_id).toBe(9);
    // The copy names whoever duplicated it, not the original's author (issue 35).
    expect(copy.author).toBe('Olive Org');
    expect(copy.controls.every((c) => c.value === undefined)).toBe(true);
    expect(clearValues([control('a', { value: 'x', error: true })])).toEqual([control('a')]);
  });

  it('only the creator can edit or delete; others see it among public templates', () => {
    expect(canEditTemplate({ created_by_id: 4 }, 4)).toBe(true);
    expect(canEditTemplate({ created_by_id: 4 }, 5)).toBe(false);
    expect(canEditTemplate({ created_by_id: null }, 5)).toBe(false);
    expect(deleteTemplateError({ created_by_id: 4 }, 5)).toBe(
      'You cannot delete this template, as you are not the owner.',
    );
    expect(deleteTemplateError({ created_by_id: 4 }, 4)).toBeNull();
    const t = [
      { id: 1, created_by_id: 4, deleted: false },
      { id: 2, created_by_id: 7, deleted: false },
      { id: 3, created_by_id: 4, deleted: true },
    ];
    const split = splitTemplates(t, 4);
    expect(split.own.map((x) => x.id)).toEqual([1]);
    expect(split.public.map((x) => x.id)).toEqual([2]);
  });

  it('template lookup: found, "(template has been superceded)", "(template could not be found.)"', () => {
    const list = [
      { title: 'Sepsis', version: '1.0', deleted: false },
      { title: 'Sepsis', version: '1.10', deleted: false },
      { title: 'Sepsis', version: '1.9', deleted: false },
      { title: 'Old', version: '1.0', deleted: true },
    ];
    expect(lookupTemplate(list, 'sepsis ', '1.0')).toEqual({ kind: 'found', template: list[0] });
    expect(lookupTemplate(list, 'Sepsis', '0.5')).toEqual({
      kind: 'superseded',
      latest: list[1],
      subtitle: '(template has been superceded)',
    });
    expect(lookupTemplate(list, 'Old', '1.0')).toEqual({
      kind: 'notFound',
      subtitle: '(template could not be found.)',
    });
    expect(lookupTemplate(list, 'Sepsis', '3.0').kind).toBe('notFound');
    expect(compareVersions('1.0', '1')).toBe(0);
    expect(compareVersions('2', '1.9')).toBeGreaterThan(0);
  });

  it('a 404 gives a placeholder template with id 0 and deleted true', () => {
    expect(placeholderTemplate('Sepsis', '2.0')).toMatchObject({
      id: 0,
      deleted: true,
      title: 'Sepsis',
      version: '2.0',
    });
  });
});

describe('template editor (spec 02 §4, §5)', () => {
  const list = ['a', 'b', 'c'];

  it('moving a control up or down is ignored at the ends', () => {
    expect(moveControl(list, 0, 'up')).toBe(list);
    expect(moveControl(list, 2, 'down')).toBe(list);
    expect(moveControl(list, 5, 'up')).toBe(list);
    expect(moveControl(list, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveControl(list, 1, 'down')).toEqual(['a', 'c', 'b']);
  });

  it('deleting a control asks "Are you sure you want to delete this control?"', () => {
    expect(DELETE_CONTROL_CONFIRMATION).toBe('Are you sure you want to delete this control?');
    expect(removeControl([control('a'), control('b')], 'a').map((c) => c.id)).toEqual(['b']);
  });

  it('new controls get a unique id; option controls start with no options', () => {
    const c = newControl('dropdown', [control('control_1')], 1);
    expect(c.id).toBe('control_2');
    expect(c.options).toEqual([]);
    expect(newControl('text', [], 1).options).toBeUndefined();
  });

  it('dropdown, multiselect or radio without options, or an unknown type, show an inline message', () => {
    expect(controlInlineMessage({ type: 'dropdown' })).toBe('Dropdown options not provided');
    expect(controlInlineMessage({ type: 'multiselect', options: [] })).toBe(
      'Multiselect options not provided',
    );
    expect(controlInlineMessage({ type: 'radio', options: ['Yes'] })).toBeNull();
    expect(controlInlineMessage({ type: 'slider' })).toBe('Unknown control type: slider');
    expect(controlInlineMessage({ type: 'date' })).toBeNull();
    expect(isKnownControlType('barcode')).toBe(true);
  });
});

describe('filling (spec 02 §4, §5)', () => {
  it('required: a value other than empty, a dash or a single space', () => {
    expect(isFilled('x')).toBe(true);
    expect(isFilled('  ')).toBe(true);
    for (const v of ['', '-', ' ', null, undefined, [], ['-']]) expect(isFilled(v)).toBe(false);
    expect(isFilled(['', 'a'])).toBe(true);
  });

  it('required controls sharing a group_index need at least one filled', () => {
    const controls = [
      control('a', { required: true, value: 'x' }),
      control('b', { required: true, value: '-' }),
      control('g1', { required: true, group_index: 1 }),
      control('g2', { required: true, group_index: 1, value: 'y' }),
      control('h1', { required: true, group_index: 2, value: ' ' }),
      control('h2', { required: true, group_index: 2 }),
      control('optional'),
      control('line', { type: 'divider', required: true }),
    ];
    expect(requiredFieldErrors(controls)).toEqual(['b', 'h1', 'h2']);
    const result = validateForm(controls);
    expect(result.alert).toBe('Please fill in all required fields');
    expect(result.controls.filter((c) => c.error).map((c) => c.id)).toEqual(['b', 'h1', 'h2']);
    expect(validateForm([control('a', { required: true, value: 'x' })]).alert).toBeNull();
  });

  it('setting a value clears the error; an unknown id gives "Control not found: {id}"', () => {
    const r = setControlValue([control('a', { error: true })], 'a', 'v');
    expect(r).toEqual({ ok: true, controls: [{ ...control('a'), value: 'v', error: false }] });
    expect(setControlValue([], 'zz', 'v')).toEqual({ ok: false, error: 'Control not found: zz' });
  });

  it('deleting a file sets the value to a dash', () => {
    expect(
      deleteFileValue([control('f', { type: 'file', value: 'guid-1' }), control('g')], 'f')[0]
        ?.value,
    ).toBe('-');
  });

  it('a barcode scan fills the controls mapped by patient_data', () => {
    const controls = [
      control('nhs', { patient_data: 'patient_identificator' }),
      control('dob', { patient_data: 'dob' }),
      control('locked', { patient_data: 'first_name', can_edit: false }),
      control('other', { value: 'keep' }),
      control('ward', { patient_data: 'ward' }),
    ];
    const out = fillFromPatientData(controls, {
      patient_identificator: 'NHS 1',
      dob: null,
      first_name: 'X',
      bed: 4,
    });
    expect(out.map((c) => c.value)).toEqual(['NHS 1', '', undefined, 'keep', undefined]);
  });

  it('a control the scan fills loses its red border; one left empty keeps it (issue 35)', () => {
    const controls = validateForm([
      control('nhs', { required: true, patient_data: 'patient_identificator' }),
      control('first', { required: true, patient_data: 'first_name' }),
      control('ward', { required: true, patient_data: 'ward' }),
    ]).controls;
    expect(controls.every((c) => c.error)).toBe(true);
    const out = fillFromPatientData(controls, { patient_identificator: 'NHS 1', first_name: null });
    expect(out.map((c) => [c.id, c.error])).toEqual([
      ['nhs', false],
      ['first', true],
      ['ward', true],
    ]);
  });

  it("filling one control of a required group clears the whole group's red border", () => {
    const controls = validateForm([
      control('g1', { required: true, group_index: 1 }),
      control('g2', { required: true, group_index: 1 }),
      control('b', { required: true }),
    ]).controls;
    const r = setControlValue(controls, 'g1', 'x');
    expect(r.ok && r.controls.map((c) => [c.id, c.error])).toEqual([
      ['g1', false],
      ['g2', false],
      ['b', true],
    ]);
  });

  it('confirm compares submitted and current patient data, then resubmits with confirmed true', () => {
    const controls = [
      control('a', { patient_data: 'first_name', value: 'Ada' }),
      control('b', { patient_data: 'last_name', value: 'Lovelace' }),
      control('c', { patient_data: 'bed', value: '4' }),
      control('d', { value: 'x' }),
    ];
    expect(
      patientDataDifferences(controls, { first_name: 'Ada', last_name: 'King', bed: 4 }),
    ).toEqual([{ field: 'last_name', label: 'b', submitted: 'Lovelace', current: 'King' }]);
    expect(patientDataDifferences([control('e', { patient_data: 'x' })], { x: null })).toEqual([]);
    expect(confirmedSubmission(filled()).confirmed).toBe(true);
  });

  it('submission notices: submitted, error with text, or confirm', () => {
    expect(submissionNotice({ status: 'ok' })).toEqual({
      level: 'success',
      text: 'Template submitted successfully',
    });
    expect(submissionNotice({ status: 'error', error: 'bad' })).toEqual({
      level: 'error',
      text: 'Error submitting template: bad',
    });
    expect(submissionNotice({ status: 'error' })).toEqual({
      level: 'error',
      text: 'Error submitting template: unknown error',
    });
    expect(submissionNotice({ status: 'confirm' })).toEqual({ level: 'confirm' });
  });

  it('autocomplete: completes to the first case-insensitive prefix match', () => {
    const list = ['Amoxicillin', 'amlodipine', 'Aspirin'];
    expect(autocompleteMatch('am', list)).toBe('Amoxicillin');
    expect(autocompleteMatch('AML', list)).toBe('amlodipine');
    expect(autocompleteMatch('x', list)).toBeNull();
    expect(autocompleteMatch('', list)).toBeNull();
    expect(autocompleteMatch('Aspirin', list)).toBeNull();
    expect(autocompleteMatch('a', undefined)).toBeNull();
  });

  it('autocomplete keeps the list\'s case: "RESP" completes to "Respiratory", the rest selected', () => {
    const list = ['Cardiology', 'Respiratory', 'Renal'];
    expect(autocompleteCompletion('RESP', list, false)).toEqual({
      value: 'Respiratory',
      selectFrom: 4,
    });
    expect(autocompleteCompletion('c', list, false)).toEqual({
      value: 'Cardiology',
      selectFrom: 1,
    });
    // Typed out in full in another case: the list's word.
    expect(autocompleteCompletion('RENAL', list, false)).toEqual({ value: 'Renal', selectFrom: 5 });
    expect(autocompleteCompletion('Resp', list, true)).toBeNull();
    expect(autocompleteCompletion('x', list, false)).toBeNull();
    expect(autocompleteCompletion('', list, false)).toBeNull();
  });
});

describe('form file and image controls (spec 02 §5)', () => {
  const pdf = { name: 'discharge.pdf', size: 1000, type: 'application/pdf' };
  it('offer documents and images for a file, images for an image', () => {
    expect(formFileTypes('file')).toContain('application/pdf');
    expect(formFileTypes('file')).toContain(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(formFileTypes('file')).toContain('image/png');
    expect(formFileTypes('image')).toContain('image/png');
    expect(formFileTypes('image')).not.toContain('application/pdf');
  });
  it('refuse over 25 MB or another type before uploading, naming the file', () => {
    expect(formFileRefusal('file', pdf)).toBeNull();
    expect(formFileRefusal('file', { ...pdf, size: 26_214_401 })).toBe(
      'The file, discharge.pdf is too large to send, the limit is 25 Mb for a single file.',
    );
    expect(formFileRefusal('file', { ...pdf, size: 26_214_400 })).toBeNull();
    expect(formFileRefusal('file', { name: 'notes.txt', size: 10, type: 'text/plain' })).toMatch(
      /^The file, notes\.txt cannot be sent: \.txt files are not allowed/,
    );
    expect(formFileRefusal('image', pdf)).toMatch(/discharge\.pdf/);
  });
  it("a refused upload names the file and the server's reason; other failures say try again", () => {
    expect(formFileUploadError('scan.pdf', 413, 'too big')).toBe(
      'The file, scan.pdf is too large to send, the limit is 25 Mb for a single file.',
    );
    expect(formFileUploadError('fake.pdf', 415, 'This file type is not accepted.')).toBe(
      'The file, fake.pdf was not accepted. This file type is not accepted.',
    );
    expect(formFileUploadError('a.pdf', 0, 'The connection to Pando was lost')).toBe(
      'File upload failed. Please try again. The connection to Pando was lost',
    );
  });
});

describe('export options (spec 02 §5)', () => {
  it('needs a unique, non-empty title that is not a default "new json/csv export" title', () => {
    const others = [{ title: 'Export to CSV' }];
    expect(validateExportOption({ title: 'To registry' }, others)).toBeNull();
    for (const title of ['', '  ', 'New JSON export', 'new csv export', ' export to csv ']) {
      expect(validateExportOption({ title }, others)).toBe(
        'Please enter a unique title for the export option',
      );
    }
  });

  it('invalid JSON: "Your JSON is not valid. Please check the format and try again."', () => {
    expect(validateJsonText('{"a": 1}')).toBeNull();
    expect(validateJsonText('')).toBeNull();
    expect(validateJsonText('{a: 1}')).toBe(
      'Your JSON is not valid. Please check the format and try again.',
    );
  });

  it('parses the three option types and names a bad field', () => {
    expect(CsvExportOptionSchema.parse({ title: 'x', type: 'csv' })).toEqual({
      title: 'x',
      type: 'csv',
      fields: [],
      delimiter: ',',
      array_separator: '/',
      save_to: 'local',
    });
    expect(
      ExportOptionSchema.safeParse({ title: 'x', type: 'csv', save_to: 'javascript:alert(1)' })
        .error?.issues[0]?.path,
    ).toEqual(['save_to']);
    expect(
      ExportOptionSchema.safeParse({ title: 'x', type: 'xml' }).error?.issues[0]?.path,
    ).toEqual(['type']);
    expect(
      ExportOptionSchema.parse({ title: 'e', type: 'email', address: OWN_EMAIL_PLACEHOLDER }).type,
    ).toBe('email');
  });
});

describe('CSV and JSON export of a filled template', () => {
  it('CSV: labels as header, list values joined by the array separator, quoting by the delimiter', () => {
    const csv = exportCsv(
      filled(),
      CsvExportOptionSchema.parse({ title: 'x', type: 'csv', array_separator: ' / ' }),
    );
    expect(csv).toBe(
      'First name,Allergies,"Note, free",Scan\r\nAda,Nuts / Latex,"said ""hi""\nthen left",',
    );
  });

  it('CSV: chosen fields in order with another delimiter; formulas are neutralised', () => {
    const t = filled();
    t.controls[0] = { ...t.controls[0]!, value: '=HYPERLINK("x")' };
    const csv = exportCsv(
      t,
      CsvExportOptionSchema.parse({
        title: 'x',
        type: 'csv',
        fields: ['allergies', 'first_name', 'missing'],
        delimiter: ';',
      }),
    );
    expect(csv).toBe('Allergies;First name\r\nNuts/Latex;"\'=HYPERLINK(""x"")"');
  });

  it('JSON: label → value by default, lists stay lists', () => {
    const json = exportJson(filled(), JsonExportOptionSchema.parse({ title: 'j', type: 'json' }));
    expect(JSON.parse(json ?? '')).toEqual({
      'First name': 'Ada',
      Allergies: ['Nuts', 'Latex'],
      'Note, free': 'said "hi"\nthen left',
      Scan: '',
    });
  });

  it('JSON: {{id}} placeholders; inline lists use the control delimiter', () => {
    const option = JsonExportOptionSchema.parse({
      title: 'j',
      type: 'json',
      object:
        '{"patient":{"name":"{{first_name}}","allergies":"{{ allergies }}"},"summary":["Allergic to {{allergies}}", 3, null, "{{nope}}", "{{nope}} x"]}',
    });
    expect(JSON.parse(exportJson(filled(), option) ?? '')).toEqual({
      patient: { name: 'Ada', allergies: ['Nuts', 'Latex'] },
      summary: ['Allergic to Nuts; Latex', 3, null, '', ' x'],
    });
    expect(exportJson(filled(), { ...option, object: '{bad' })).toBeNull();
  });

  it('value text: lists joined, a deleted file reads empty', () => {
    expect(valueText(['a', '', 'b'], '/')).toBe('a/b');
    expect(valueText('-', '/')).toBe('');
    expect(valueText(undefined, '/')).toBe('');
  });
});

describe('running an export (spec 02 §7, §8)', () => {
  const t = filled();

  it('downloads data_export.csv / data_export.json, or POSTs to save_to', () => {
    expect(
      planExport(
        t,
        {
          title: 'c',
          type: 'csv',
          fields: [],
          delimiter: ',',
          array_separator: '/',
          save_to: 'local',
        } as never,
        'me@x.org',
      ),
    ).toMatchObject({
      kind: 'download',
      filename: 'data_export.csv',
      mimeType: 'text/csv',
    });
    expect(
      planExport(
        t,
        JsonExportOptionSchema.parse({
          title: 'j',
          type: 'json',
          save_to: 'https://registry.example/forms',
        }),
        'me@x.org',
      ),
    ).toMatchObject({
      kind: 'post',
      url: 'https://registry.example/forms',
      mimeType: 'application/json',
    });
    expect(
      planExport(t, JsonExportOptionSchema.parse({ title: 'j', type: 'json' }), 'me'),
    ).toMatchObject({ filename: 'data_export.json' });
    expect(
      planExport(t, JsonExportOptionSchema.parse({ title: 'j', type: 'json', object: '{' }), 'me'),
    ).toEqual({
      kind: 'error',
      message: 'Your JSON is not valid. Please check the format and try again.',
    });
  });

  it('email resolves the own-address placeholder; bad addresses give "Invalid email address"', () => {
    expect(
      planExport(
        t,
        { title: 'e', type: 'email', address: OWN_EMAIL_PLACEHOLDER } as never,
        'me@x.org',
      ),
    ).toEqual({ kind: 'email', address: 'me@x.org' });
    expect(
      planExport(t, { title: 'e', type: 'email', address: 'nope' } as never, 'me@x.org'),
    ).toEqual({ kind: 'error', message: 'Invalid email address' });
  });

  it('"No template or export option selected", "Unknown export type: {type}", "Selected type is not an email export"', () => {
    expect(planExport(null, null, 'me')).toEqual({
      kind: 'error',
      message: 'No template or export option selected',
    });
    expect(planExport(t, { type: 'xml' }, 'me')).toEqual({
      kind: 'error',
      message: 'Unknown export type: xml',
    });
    expect(emailExportError({ type: 'csv' })).toBe('Selected type is not an email export');
    expect(emailExportError({ type: 'email' })).toBeNull();
    expect(emailExportError(null)).toBe('No template or export option selected');
  });
});

describe('structured forms wire schemas', () => {
  it('parse the answers and name bad fields', () => {
    expect(
      TemplateSaveResponseSchema.parse({ status: 'ok', version: '1.1', template_id: 5 })
        .template_id,
    ).toBe(5);
    expect(
      FormSubmissionResponseSchema.parse({ status: 'confirm', patient_data: { first_name: 'Ada' } })
        .status,
    ).toBe('confirm');
    expect(
      FormSubmissionResponseSchema.safeParse({ status: 'maybe' }).error?.issues[0]?.path,
    ).toEqual(['status']);
    expect(
      StructuredFileUploadResponseSchema.parse({ file: { file_guid: 'g-1' } }).file.file_guid,
    ).toBe('g-1');
    expect(
      FormTemplateSchema.safeParse({ title: 'x', controls: [{ id: 'a' }] }).error?.issues[0]?.path,
    ).toEqual(['controls', 0, 'type']);
    expect(
      FormTemplateSchema.safeParse({ title: 'x', version: 'v1', controls: [] }).error?.issues[0]
        ?.path,
    ).toEqual(['version']);
    expect(ControlSchema.parse({ id: 'a', type: 'slider' }).type).toBe('slider');
  });
});

describe('modes and file controls (spec 02 §1, §4)', () => {
  it('in chats templates are only viewed and filled, never edited; in the console only by the owner', () => {
    expect(canEnterEditMode('chat', { created_by_id: 4 }, 4)).toBe(false);
    expect(canEnterEditMode('console', { created_by_id: 4 }, 4)).toBe(true);
    expect(canEnterEditMode('console', { created_by_id: 4 }, 5)).toBe(false);
  });

  it('file controls: empty, uploading, then holding a file guid; deleting sets a dash', () => {
    expect(fileControlState(undefined, false)).toBe('empty');
    expect(fileControlState('', true)).toBe('uploading');
    expect(fileControlState('guid-1', false)).toBe('uploaded');
    expect(fileControlState('-', false)).toBe('deleted');
    expect(fileControlState(['x'], false)).toBe('empty');
  });
});

describe('template versions on save (issue 20)', () => {
  it('bumps the last number', () => {
    expect(bumpVersion('1.0')).toBe('1.1');
    expect(bumpVersion('1.9')).toBe('1.10');
    expect(bumpVersion('2')).toBe('2.1');
    expect(bumpVersion('1.2.3')).toBe('1.2.4');
  });

  it('sees a change in the controls, not in their values', () => {
    const base = {
      title: 'Obs',
      description: '',
      author: '',
      flags: {},
      export_options: [],
      controls: [{ id: 'c1', type: 'text', label: 'Name', value: 'x' }],
    } as unknown as FormTemplate;
    expect(
      templateChanged(base, { ...base, controls: [{ ...base.controls[0]!, value: 'y' }] }),
    ).toBe(false);
    expect(
      templateChanged(base, { ...base, controls: [{ ...base.controls[0]!, label: 'Full name' }] }),
    ).toBe(true);
    expect(templateChanged(base, { ...base, title: 'Obs 2' })).toBe(true);
    // Key order (jsonb reorders keys) is no change.
    const reordered = {
      ...base,
      controls: [{ value: 'x', label: 'Name', type: 'text', id: 'c1' }],
    };
    expect(templateChanged(base, reordered as unknown as FormTemplate)).toBe(false);
  });
});
