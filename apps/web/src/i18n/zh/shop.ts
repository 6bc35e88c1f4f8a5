import type { shop as en } from '../en/shop';
import type { AreaCatalogue } from '../messages';

/** shop: the shop’s Mini App (see en/shop.ts). */
export const shop = {
  'shop.search': '搜索商店',
  'shop.categories': '分类',
  'shop.all': '全部',
  'shop.region': '商品',
  'shop.loading': '正在加载商店',
  'shop.loadingMore': '正在加载更多商品',
  'shop.loadError': '无法加载商店',
  'shop.empty': '这里还没有商品',
  'shop.noResults': '没有找到“{query}”',
  'shop.emptyHint': '换个分类或搜索试试',
  'shop.loadMore': '加载更多',
  'shop.lowStock': '仅剩少量',
  'shop.outOfStock': '缺货',
  'shop.was': '原价',
  'shop.viewCart': '查看购物车',
  'shop.add': '加入购物车',
  'shop.chooseOptions': '选择规格',
  'shop.inCart': '购物车中 {count} 件',
  'shop.viewCartCount': '查看购物车（{count}）',
  'shop.limitReached': '每个订单最多可购买 {count} 件此商品。',
  'shop.addFailed': '无法加入购物车，请重试。',
  'shop.closed': '这家商店暂时关闭',
  'shop.openFromBot': '请在 Telegram 中通过商店的机器人打开。',
} satisfies AreaCatalogue<typeof en>;
