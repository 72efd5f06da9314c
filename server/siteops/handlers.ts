import type { Handler } from '../http/services';
import { siteopsCodes } from './codes';
import { siteopsInspectTaskDetail } from './inspection';
import {
  siteopsDeleteNotice,
  siteopsDeleteNotices,
  siteopsGetNotice,
  siteopsHandleNotice,
  siteopsNoticeTaskCount,
  siteopsReadNotice,
  siteopsUnreadNoticeCount,
} from './notice';
import { siteopsExportFactoryTests, siteopsReplace, siteopsSave } from './save';
import { siteopsSetQuoteBasis, siteopsSupportNoticeReadFlag, siteopsSupportRead, siteopsUpdateSupport } from './support';
import { siteopsMonthArrange, siteopsMonthTaskStatus, siteopsStationTaskStatus, siteopsTodayArrange } from './worksheet';

/** Named handlers of site operations: support, notices, worksheets, inspections and factory tests. */
export const siteopsHandlers: Record<string, Handler> = {
  siteopsCodes,
  siteopsSetQuoteBasis,
  siteopsSupportRead,
  siteopsSupportNoticeReadFlag,
  siteopsUpdateSupport,
  siteopsGetNotice,
  siteopsReadNotice,
  siteopsHandleNotice,
  siteopsDeleteNotice,
  siteopsDeleteNotices,
  siteopsUnreadNoticeCount,
  siteopsNoticeTaskCount,
  siteopsMonthTaskStatus,
  siteopsStationTaskStatus,
  siteopsMonthArrange,
  siteopsTodayArrange,
  siteopsInspectTaskDetail,
  siteopsSave,
  siteopsReplace,
  siteopsExportFactoryTests,
};
