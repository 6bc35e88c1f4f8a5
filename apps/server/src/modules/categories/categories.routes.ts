import {
  Category,
  CategoryListResponse,
  CategoryParams,
  CategoryStats,
  CreateCategoryBody,
  CreateSubcategoryBody,
  DeleteCategoryBody,
  DeleteCategoryResponse,
  DeleteSubcategoryBody,
  ListCategoriesQuery,
  Subcategory,
  SubcategoryParams,
  UpdateCategoryBody,
  UpdateSubcategoryBody,
} from '@app/contracts/categories';
import { VendorParams } from '@app/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CategoriesService } from './categories.service';

const config = { permission: 'products' } as const;

export function categoriesRoutes(categories: CategoriesService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['categories'];

    app.get(
      '/categories',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: ListCategoriesQuery,
          response: { 200: CategoryListResponse },
        },
      },
      (req) => categories.list(req.actor, req.query.search || undefined),
    );

    app.get(
      '/categories/stats',
      { config, schema: { tags, params: VendorParams, response: { 200: CategoryStats } } },
      (req) => categories.stats(req.actor),
    );

    app.post(
      '/categories',
      {
        config,
        schema: { tags, params: VendorParams, body: CreateCategoryBody, response: { 201: Category } },
      },
      async (req, reply) => reply.status(201).send(await categories.create(req.actor, req.body)),
    );

    app.get(
      '/categories/:categoryId',
      { config, schema: { tags, params: CategoryParams, response: { 200: Category } } },
      (req) => categories.get(req.actor, req.params.categoryId),
    );

    app.put(
      '/categories/:categoryId',
      {
        config,
        schema: { tags, params: CategoryParams, body: UpdateCategoryBody, response: { 200: Category } },
      },
      (req) => categories.update(req.actor, req.params.categoryId, req.body),
    );

    app.delete(
      '/categories/:categoryId',
      {
        config,
        schema: {
          tags,
          params: CategoryParams,
          body: DeleteCategoryBody,
          response: { 200: DeleteCategoryResponse },
        },
      },
      (req) => categories.remove(req.actor, req.params.categoryId, req.body),
    );

    app.post(
      '/categories/:categoryId/subcategories',
      {
        config,
        schema: { tags, params: CategoryParams, body: CreateSubcategoryBody, response: { 201: Subcategory } },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await categories.createSubcategory(req.actor, req.params.categoryId, req.body)),
    );

    app.put(
      '/categories/:categoryId/subcategories/:subcategoryId',
      {
        config,
        schema: {
          tags,
          params: SubcategoryParams,
          body: UpdateSubcategoryBody,
          response: { 200: Subcategory },
        },
      },
      (req) =>
        categories.updateSubcategory(req.actor, req.params.categoryId, req.params.subcategoryId, req.body),
    );

    app.delete(
      '/categories/:categoryId/subcategories/:subcategoryId',
      {
        config,
        schema: {
          tags,
          params: SubcategoryParams,
          body: DeleteSubcategoryBody,
          response: { 200: DeleteCategoryResponse },
        },
      },
      (req) =>
        categories.removeSubcategory(req.actor, req.params.categoryId, req.params.subcategoryId, req.body),
    );
  };
}
