import { newStrategyForm, sampleStrategyForm, SectionType, type StrategyIssue } from '@energy/contracts/strategy-rules';
import { describe, expect, it } from 'vitest';
import { addableKinds, addSectionAfter, initEditorState, issuesAt, issueText, removeSection, updateSection } from './editor-state';

describe('editor state', () => {
  it('adds a card after another with its start at that card end, keys stay stable', () => {
    let s = initEditorState(sampleStrategyForm(1));
    expect(s.keys).toEqual([1, 2, 3, 4]);
    s = addSectionAfter(s, 0, SectionType.STANDBY);
    expect(s.form.sections[1]!.type).toBe(SectionType.STANDBY);
    expect(s.form.sections[1]!.time).toEqual([8, null]);
    expect(s.keys).toEqual([1, 5, 2, 3, 4]);
    s = removeSection(s, 0);
    expect(s.keys).toEqual([5, 2, 3, 4]);
    s = updateSection(s, 0, { time: [0, 8] });
    expect(s.form.sections[0]!.time).toEqual([0, 8]);
  });

  it('CB: a new discharge card empties by linear regression, a new smart card controls load', () => {
    let s = initEditorState(newStrategyForm(2, 'strategy'));
    s = addSectionAfter(s, -1, SectionType.DISCHARGE);
    s = addSectionAfter(s, 0, SectionType.CONSUMPTION);
    expect(s.form.sections[0]!.emptyStrategy).toBe(2);
    expect(s.form.sections[1]!.intelligentConsumptionControlType).toBe(1);
  });

  it('CF: new cards carry the station meters', () => {
    const meters = [{ deviceId: 41, deviceName: 'TR-1', chargeThreshold: null, pcsMaxChargePower: null }];
    const s = addSectionAfter(initEditorState(newStrategyForm(6, 'strategy', { meters })), -1, SectionType.CONSUMPTION);
    expect(s.form.sections[0]!.meters).toEqual(meters);
    expect(s.form.sections[0]!.meters[0]).not.toBe(s.form.meters[0]);
  });

  it('the add buttons offer the version other kinds', () => {
    expect(addableKinds(1, SectionType.CHARGE)).toEqual([SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY]);
    expect(addableKinds(6, null)).toEqual([SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY]);
    expect(addableKinds(9, null)).toEqual([]);
  });

  it('finds the issues at a field, exactly or below it', () => {
    const issues: StrategyIssue[] = [
      { path: ['dod', 1], code: 'dod.order', message: 'DOD latter value must be greater than the former' },
      { path: ['sections'], code: 'sections.coverage', message: 'time periods must cover 0-24 hours' },
      { path: ['sections', 0, 'pi', 'kp'], code: 'pi.kp', message: 'P must be greater than 0' },
    ];
    expect(issuesAt(issues, ['dod'])).toEqual([]);
    expect(issuesAt(issues, ['dod'], true).map((x) => x.code)).toEqual(['dod.order']);
    expect(issuesAt(issues, ['sections']).map((x) => x.code)).toEqual(['sections.coverage']);
    expect(issuesAt(issues, ['sections', 0, 'pi'], true).map((x) => x.code)).toEqual(['pi.kp']);
    expect(issueText(issues[2]!, 'zh-CN')).toBe('P必须大于0');
    expect(issueText(issues[2]!, 'en-US')).toBe('P must be greater than 0');
  });
});
