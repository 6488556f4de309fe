import { defineEndpoint } from "@/lib/api/endpoint";
import { validationError } from "@/lib/api/errors";
import { write } from "@/lib/db/transaction";
import { getCompanyOrThrow } from "../access";
import { prepareImages } from "../images/content-images";
import { withRequestFiles } from "../images/host-file";
import { archiveContent, createContent, getProductOrThrow, listContentBody, setContentArchived, updateContent } from "./content";
import { setContentCourse } from "./content-course";
import {
  ContentCourseBody,
  ContentCourseParams,
  ContentCreate,
  ContentCreated,
  ContentDeleteQuery,
  ContentDeleteResult,
  ContentDetail,
  ContentIdFields,
  ContentIdsBody,
  ContentList,
  ContentListQuery,
  ContentRestored,
  ContentUpdate,
} from "./schemas";

const tag = "Content library";

const count = (n: number, verb: string) => `${n} content item${n === 1 ? "" : "s"} ${verb}`;

export const listContentEndpoint = defineEndpoint({
  operationId: "list_content",
  method: "GET",
  path: "/v3/content",
  tag,
  summary: "List content items",
  description:
    "Returns {data: content items}. The content items of every company you belong to, or of company_id (404 for a company you do not belong to), newest first. " +
    "Archived items are left out unless include_archived=true, which also adds is_archived; include_sources=true adds sources. " +
    "variation_id and product_id (one id or comma-separated ids, combinable: items matching either) select items and add their images. " +
    "external_id matches sources.integration.uniqueId exactly (case-sensitive) or sources.oracle.code case-insensitively; it needs company_id " +
    "unless variation_id is given or product_id names at least one of your items (else 400 naming company_id). " +
    "price, tax_rate and unit are our extension (null when not set). A whole library's list carries an ETag naming the library's version; " +
    "with If-None-Match naming the current one the answer is 304 without a body.",
  query: ContentListQuery,
  response: ContentList,
  status: 200,
  errors: ["not_found"],
  run: ({ db, caller, query, ifNoneMatch }) => listContentBody(db, caller, query, ifNoneMatch),
});

export const createContentEndpoint = defineEndpoint({
  operationId: "create_content",
  method: "POST",
  path: "/v3/content",
  tag,
  summary: "Create a content item",
  description:
    "Returns {data: {product_id, variation_id, message}} of the new item. Creates a product with its one variation (201). title and description are stored under language. Each image is a hosted uuid " +
    "(POST /v3/images; an image of this company or one you uploaded) or, with an empty uuid, a public PNG, JPEG, GIF or WebP url that the " +
    "service downloads (10 s, 20 MB, no private addresses) and hosts. Invalid images (unknown uuid, failed download) are skipped silently; " +
    "with none valid the answer is 400 with an issue on images. Our extensions: price, tax_rate, unit (defaults for proposal blocks), " +
    "sources, integration_id, integration_metadata. 404 for a company you do not belong to.",
  body: ContentCreate,
  response: ContentCreated,
  status: 201,
  errors: ["not_found"],
  run: async (ctx) => {
    // Refuse a stranger before downloading anything on their behalf.
    await getCompanyOrThrow({ tx: ctx.db, caller: ctx.caller, companyId: ctx.body.company_id });
    const created = await withRequestFiles(ctx, async (files) => {
      const images = await prepareImages(ctx.body.images, files);
      return write(ctx, (tx) => createContent(tx, ctx.caller, ctx.body, images), { target: (r) => r.product_id });
    });
    return { data: created };
  },
});

export const updateContentEndpoint = defineEndpoint({
  operationId: "update_content",
  method: "PUT",
  path: "/v3/content",
  tag,
  summary: "Update a content item",
  description:
    "Names the item by product_id or variation_id (interchangeable; given both, they must name the same item, else 400). Sets the title " +
    "of language, and its description when given; other languages are kept. images, when given, replace the images under the same rules " +
    "as on create (at least one valid). sources replace the sources; price, tax_rate, unit, integration_id and integration_metadata change " +
    "when given (null clears). Archived items can be edited and stay archived. Answers the item with is_archived, sources and images. " +
    "404 for an item of a company you do not belong to.",
  body: ContentUpdate,
  response: ContentDetail,
  status: 200,
  errors: ["not_found"],
  run: async (ctx) => {
    const ref = { productId: ctx.body.product_id, variationId: ctx.body.variation_id };
    // Refuse a stranger before downloading anything on their behalf.
    await getProductOrThrow(ctx.db, ctx.caller, ref);
    const item = await withRequestFiles(ctx, async (files) => {
      const images = ctx.body.images ? await prepareImages(ctx.body.images, files) : null;
      return write(ctx, (tx) => updateContent(tx, ctx.caller, ctx.body, images), { target: (r) => r.product_id });
    });
    return { data: item };
  },
});

export const deleteContentEndpoint = defineEndpoint({
  operationId: "delete_content",
  method: "DELETE",
  path: "/v3/content",
  tag,
  summary: "Archive a content item, or many with action=bulk",
  description:
    "Archives; nothing is erased, and archived items are listed with include_archived=true and restored with POST /v3/content/restore. " +
    "One item: query product_id or variation_id, answering {success, message} (success is true also when it was already archived). " +
    "Many: action=bulk with a body {variation_ids?, product_ids?} (at least one of the two, combinable), answering archived_count and " +
    "product_ids of the items this request archived; already archived items are ignored without error, so a repeated call answers 0. " +
    "Ids of items that do not exist or are not yours answer 404 NOT_FOUND naming them, and nothing is archived.",
  query: ContentDeleteQuery,
  body: ContentIdFields,
  bodyOptional: true,
  response: ContentDeleteResult,
  status: 200,
  errors: ["not_found"],
  run: async (ctx) => {
    const { query, body } = ctx;
    const hasBody = body.product_ids !== undefined || body.variation_ids !== undefined;
    if (query.action === "bulk") {
      if (query.product_id !== undefined || query.variation_id !== undefined) {
        throw validationError([{ path: "action", message: "With action=bulk, name the items in the body, not in the query" }]);
      }
      if (!hasBody) throw validationError([{ path: "product_ids", message: "Give variation_ids, product_ids or both" }]);
      const archived = await write(ctx, (tx) => setContentArchived(tx, ctx.caller, body, true), { target: () => null });
      return { data: { archived_count: archived.length, product_ids: archived, message: count(archived.length, "archived") } };
    }
    if (hasBody) throw validationError([{ path: "action", message: "Add action=bulk to archive the items named in the body" }]);
    if (query.product_id === undefined && query.variation_id === undefined) {
      throw validationError([{ path: "product_id", message: "Give product_id or variation_id (or action=bulk with a body)" }]);
    }
    const ref = { productId: query.product_id, variationId: query.variation_id };
    const { success, message } = await write(ctx, (tx) => archiveContent(tx, ctx.caller, ref));
    return { data: { success, message } };
  },
});

export const restoreContentEndpoint = defineEndpoint({
  operationId: "restore_content",
  method: "POST",
  path: "/v3/content/restore",
  tag,
  summary: "Restore archived content items (bulk)",
  description:
    "Returns restored_count and product_ids. Body {variation_ids?, product_ids?}: at least one of the two, combinable. Restores archived items; active ones are ignored without " +
    "error. restored_count and product_ids name the items this request restored. Ids that do not exist or are not yours answer 404 " +
    "NOT_FOUND naming them, and nothing is restored.",
  body: ContentIdsBody,
  response: ContentRestored,
  status: 200,
  errors: ["not_found"],
  run: async (ctx) => {
    const restored = await write(ctx, (tx) => setContentArchived(tx, ctx.caller, ctx.body, false), { target: () => null });
    return { data: { restored_count: restored.length, product_ids: restored, message: count(restored.length, "restored") } };
  },
});

export const setContentCourseEndpoint = defineEndpoint({
  operationId: "set_content_course",
  method: "PATCH",
  path: "/v3/content/{productId}",
  tag,
  summary: "Link a content item to the course it delivers",
  description:
    "Our extension (issue 43). Body {course_id}: a published course of the workspace the company sells (PUT /v3/companies/{id}/workspace) " +
    "that you may author there, or null to unlink. In a proposal the item's quantity is then the number of seats, and an accepted proposal " +
    "enrols the buyer's people. The item is named by its product_id. Answers the item with is_archived, sources and images. A course " +
    "that is not so, or a company that sells no workspace's courses, is 400 naming course_id; 404 for an item of a company you do not " +
    "belong to.",
  params: ContentCourseParams,
  body: ContentCourseBody,
  response: ContentDetail,
  status: 200,
  errors: ["not_found"],
  run: (ctx) =>
    write(ctx, async (tx) => ({ data: await setContentCourse(tx, ctx.caller, ctx.params.productId, ctx.body.course_id) }), {
      target: (r) => r.data.product_id,
    }),
});
