import fastifyMultipart from "@fastify/multipart";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../../../domain/uploads/uploads";
import { uploadResponseSchema } from "../../../domain/uploads/schemas";
import { badRequest, HttpError } from "../../errors";
import type { Services } from "../../services";
import { tagRoutes } from "../../http/conventions";

const ONE_AT_A_TIME = "Upload one image at a time";

// The parser's own refusals, in words an admin can act on.
const multipartMessages: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: UPLOAD_MESSAGES.tooLarge },
  FST_FILES_LIMIT: { status: 413, message: ONE_AT_A_TIME },
  FST_PARTS_LIMIT: { status: 413, message: ONE_AT_A_TIME },
  FST_FIELDS_LIMIT: { status: 413, message: ONE_AT_A_TIME },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: "The upload was cut off before it finished; try again" },
};

export const uploadsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, "uploads"> }> = async (app, { services }) => {
  tagRoutes(app, "uploads");
  // Multipart is understood here only; every other API route still answers 415 to it.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
    // The name as sent, so one that climbs out of a folder is seen and refused rather than quietly cut down.
    preservePath: true,
  });

  // A body of another type is refused before the handler runs; say what this route takes, not JSON.
  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
    throw error;
  });

  app.post(
    "/admin/uploads",
    {
      schema: {
        summary:
          "Upload an image (multipart field 'file'; JPEG, PNG, WebP or AVIF, at most 5 MB); answers its WebP copies under /media. `?lossless=true` (QR codes): one copy, every pixel kept. One image is encoded at a time: 503 with Retry-After when others already wait",
        consumes: ["multipart/form-data"],
        querystring: z.object({
          lossless: z.enum(["true", "false"], { error: "lossless must be true or false" }).optional(),
        }),
        response: {
          201: uploadResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      let bytes: Buffer | undefined;
      try {
        // Read every part, so a second file is refused rather than silently dropped.
        for await (const part of request.parts()) {
          if (part.type !== "file") continue;
          if (bytes) throw new HttpError(413, ONE_AT_A_TIME);
          // The name is never used for storing, but one that names a folder is no honest picture's.
          if (/[/\\]|\.\.|\0/.test(part.filename ?? "")) throw badRequest(UPLOAD_MESSAGES.pathInName);
          bytes = await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const known = multipartMessages[(error as { code?: string }).code ?? ""];
        if (known) throw new HttpError(known.status, known.message);
        // Everything else the parser throws is about the body it was sent (cut off, a boundary missing or too
        // long, parts that do not match it): the sender's to fix, so one line to the log and no stack.
        request.log.info({ reason: error instanceof Error ? error.message : String(error) }, "upload refused: the multipart body could not be read");
        throw badRequest(UPLOAD_MESSAGES.malformed);
      }
      if (!bytes?.length) throw badRequest(UPLOAD_MESSAGES.noFile);
      const image = await services.uploads.storeImage(bytes, { lossless: request.query.lossless === "true" });
      return reply.status(201).send({ success: true, message: "Image uploaded", ...image });
    },
  );
};
