import type { shopProduct as en } from '../en/shop-product';
import type { AreaCatalogue } from '../messages';

/** shopProduct: the shop’s Mini App’s product view (see en/shop-product.ts). */
export const shopProduct = {
  'shopProduct.loading': '正在加载商品',
  'shopProduct.loadError': '无法加载该商品',
  'shopProduct.gone': '此商品已不在此处销售',
  'shopProduct.gallery': '图片和视频',
  'shopProduct.show': '显示第 {index} 个，共 {count} 个',
  'shopProduct.taxIncluded': '含 {rate}% 税费',
  'shopProduct.taxAdded': '结账时另加 {rate}% 税费',
  'shopProduct.rating': { other: '★ {rating} · {count} 条评价' },
  'shopProduct.noReviews': '暂无评价',
  'shopProduct.inStock': '有货',
  'shopProduct.description': '商品描述',
  'shopProduct.quantity': '数量',
  'shopProduct.less': '减少一件',
  'shopProduct.more': '增加一件',
  'shopProduct.maxPerOrder': '每单最多 {count} 件',
  'shopProduct.addPrice': '加入购物车 · {price}',
  'shopProduct.type.size': '尺码',
  'shopProduct.type.color': '颜色',
  'shopProduct.type.material': '材质',
  'shopProduct.type.style': '款式',
  'shopProduct.type.model': '型号',
  'shopProduct.type.weight': '重量',
  'shopProduct.warrantyFor': '🛡 保修：{period}',
  'shopProduct.warrantyIncluded': '🛡 含保修',
  'shopProduct.returns': '↩️ 退货：{policy}',
  'shopProduct.options': '选项',
} satisfies AreaCatalogue<typeof en>;
