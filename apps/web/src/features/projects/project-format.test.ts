import { describe, expect, it } from 'vitest';
import { percentOf } from './project-format';

describe('project card formatting', () => {
  it('gives the share of credits as a whole percentage, also beyond 2^53 and for an empty project', () => {
    expect(percentOf('250', '1000')).toBe(25);
    expect(percentOf('9007199254740993', '18014398509481986')).toBe(50);
    expect(percentOf('0', '0')).toBe(0);
  });
});
