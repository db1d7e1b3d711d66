import {
  ApiPaths,
  type ProcessLibraryVideoRequest,
  type ProcessingUploadResponse,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

/** Runs a tool on a video already in the library (POST processing/library). */
export async function processLibraryVideo(
  request: ProcessLibraryVideoRequest,
): Promise<Partial<ProcessingUploadResponse> | undefined> {
  const response = await http.post<Partial<ProcessingUploadResponse> | undefined>(
    ApiPaths.processLibrary,
    request,
  );
  return response.data;
}
