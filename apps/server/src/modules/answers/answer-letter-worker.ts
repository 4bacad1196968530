import { parentPort } from 'node:worker_threads';
import { answerPdfRequests } from '../../lib/pdf-worker-client.js';
import { buildAnswerLetterPdf, type AnswerLetterContent } from './answer-letter.js';

/** The thread an answer letter is built in (answers.service is its other end), as reports are. */
answerPdfRequests<{ content: AnswerLetterContent }>(parentPort!, (request) =>
  buildAnswerLetterPdf(request.content),
);
