import { jobs } from '@energy/contracts';
import { langOf } from '../../excel/columns.js';
import { sendFile, tempFile, XLSX_TYPE } from '../../excel/export.js';
import { problemsWorkbook } from '../../excel/problems.js';
import { tableFormatOf } from '../../excel/read.js';
import type { DomainRoutes } from '../types.js';
import type { JobsService } from './jobs.service.js';

export const jobsRoutes: DomainRoutes<{ jobs: JobsService }> = (route, { jobs: service }) => {
  route(jobs.jobDetail, (ctx, input) => service.detail(ctx, input));
  route(jobs.jobProblems, async (ctx, input, { req, reply }) => {
    const { row, problems } = await service.problemsOf(ctx, input.id);
    const wb = await problemsWorkbook(row.file!, tableFormatOf(row.file!), problems, langOf(req, input.lang));
    const file = tempFile('xlsx');
    await wb.xlsx.writeFile(file);
    return sendFile(reply, file, `${row.kind}-problems.xlsx`, XLSX_TYPE);
  });
};
