//! `array_formula` golds re-derived from the tables the English prompt shows
//! (checked against each record's instance), by a separate implementation
//! of every question template as the prompt words it. Rank and argmax
//! questions must have one answer: a tie at an asked place is an error.

use crate::common;

use puzzlec::dataset::build::record;
use puzzlec::gen::generate;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, PartialEq)]
struct Product {
    id: String,
    name: String,
    category: String,
    price: i64,
    stock: i64,
}

#[derive(Debug, Clone, PartialEq)]
struct Customer {
    id: String,
    name: String,
    city: String,
    grade: String,
}

#[derive(Debug, Clone, PartialEq)]
struct Order {
    id: String,
    date: String,
    customer: String,
    product: String,
    quantity: i64,
    status: String,
}

impl Order {
    fn month(&self) -> i64 {
        self.date[5..7].parse().expect("month")
    }
    fn live(&self) -> bool {
        self.status != "cancelled"
    }
}

#[derive(Debug, Clone)]
struct Tables {
    products: Vec<Product>,
    customers: Vec<Customer>,
    orders: Vec<Order>,
}

impl Tables {
    fn product(&self, id: &str) -> &Product {
        self.products.iter().find(|p| p.id == id).expect("product")
    }
    fn customer(&self, id: &str) -> &Customer {
        self.customers
            .iter()
            .find(|c| c.id == id)
            .expect("customer")
    }
    fn amount(&self, o: &Order) -> i64 {
        o.quantity * self.product(&o.product).price
    }
    fn category(&self, o: &Order) -> &str {
        &self.product(&o.product).category
    }
}

#[derive(Debug, PartialEq)]
enum Gold {
    Int(i64),
    Text(String),
    /// The asked place is shared by several rows.
    Tie,
}

/// The label with the largest value, if it alone has it.
fn argmax(pairs: &[(String, i64)]) -> Gold {
    let top = pairs.iter().map(|p| p.1).max().expect("candidates");
    let at_top: Vec<_> = pairs.iter().filter(|p| p.1 == top).collect();
    if at_top.len() == 1 {
        Gold::Text(at_top[0].0.clone())
    } else {
        Gold::Tie
    }
}

fn text(s: &Value) -> String {
    s.as_str().expect("string").to_string()
}

fn int(s: &Value) -> i64 {
    s.as_i64().expect("int")
}

/// The gold of a question, computed from the tables.
fn solve(t: &Tables, q: &Value) -> Gold {
    let param = |k: &str| &q[k];
    let category = || text(param("category"));
    let count = |n: usize| Gold::Int(n as i64);
    match q["template"].as_str().expect("template") {
        "status_qty" => count(
            t.orders
                .iter()
                .filter(|o| o.status == text(param("status")) && o.quantity > int(param("k")))
                .count(),
        ),
        "cat_price_count" => count(
            t.products
                .iter()
                .filter(|p| p.category == category() && p.price >= int(param("cat_price")))
                .count(),
        ),
        "cat_stock" => Gold::Int(
            t.products
                .iter()
                .filter(|p| p.category == category())
                .map(|p| p.stock)
                .sum(),
        ),
        "month_status" => count(
            t.orders
                .iter()
                .filter(|o| o.month() == int(param("month")) && o.status == text(param("status")))
                .count(),
        ),
        "city_cat_qty" => Gold::Int(
            t.orders
                .iter()
                .filter(|o| {
                    o.live()
                        && t.customer(&o.customer).city == text(param("city"))
                        && t.category(o) == category()
                })
                .map(|o| o.quantity)
                .sum(),
        ),
        "customer_spend" => Gold::Int(
            t.orders
                .iter()
                .filter(|o| o.live() && o.customer == text(param("customer")))
                .map(|o| t.amount(o))
                .sum(),
        ),
        "grade_cat_orders" => count(
            t.orders
                .iter()
                .filter(|o| {
                    t.customer(&o.customer).grade == text(param("grade"))
                        && t.category(o) == category()
                })
                .count(),
        ),
        "cat_buyers" => count(
            t.orders
                .iter()
                .filter(|o| t.category(o) == category())
                .map(|o| o.customer.clone())
                .collect::<BTreeSet<_>>()
                .len(),
        ),
        "month_cat_delivered" => Gold::Int(
            t.orders
                .iter()
                .filter(|o| {
                    o.status == "delivered"
                        && o.month() == int(param("month"))
                        && t.category(o) == category()
                })
                .map(|o| t.amount(o))
                .sum(),
        ),
        "city_max_amount" => Gold::Int(
            t.orders
                .iter()
                .filter(|o| t.customer(&o.customer).city == text(param("city")))
                .map(|o| t.amount(o))
                .max()
                .expect("the city has orders"),
        ),
        "cat_undelivered" => count(
            t.products
                .iter()
                .filter(|p| {
                    p.category == category()
                        && !t
                            .orders
                            .iter()
                            .any(|o| o.product == p.id && o.status == "delivered")
                })
                .count(),
        ),
        "min_orders" => count(
            t.customers
                .iter()
                .filter(|c| {
                    t.orders.iter().filter(|o| o.customer == c.id).count() as i64
                        >= int(param("min_orders"))
                })
                .count(),
        ),
        "price_above_qty" => Gold::Int(
            t.orders
                .iter()
                .filter(|o| o.live() && t.product(&o.product).price > int(param("price")))
                .map(|o| o.quantity)
                .sum(),
        ),
        "cat_over_stock" => count(
            t.products
                .iter()
                .filter(|p| {
                    p.category == category()
                        && t.orders
                            .iter()
                            .filter(|o| o.live() && o.product == p.id)
                            .map(|o| o.quantity)
                            .sum::<i64>()
                            > p.stock
                })
                .count(),
        ),
        "amount_at_least" => count(
            t.orders
                .iter()
                .filter(|o| t.amount(o) >= int(param("amount")))
                .count(),
        ),
        "cat_amount_rank" => {
            let totals: Vec<(String, i64)> = product_totals(t, |p| p.category == category());
            let mine = totals
                .iter()
                .find(|(id, _)| *id == t.product(&text(param("product"))).name)
                .expect("the product is in the category")
                .1;
            let above: Vec<i64> = totals.iter().map(|p| p.1).filter(|&v| v >= mine).collect();
            let distinct: BTreeSet<i64> = above.iter().copied().collect();
            if distinct.len() == above.len() {
                Gold::Int(above.len() as i64)
            } else {
                Gold::Tie
            }
        }
        "busiest_month" => {
            let mut by_month: BTreeMap<i64, i64> = (1..=12).map(|m| (m, 0)).collect();
            for o in t
                .orders
                .iter()
                .filter(|o| o.status == text(param("status")))
            {
                *by_month.get_mut(&o.month()).expect("month 1..12") += 1;
            }
            let pairs: Vec<(String, i64)> =
                by_month.iter().map(|(m, n)| (m.to_string(), *n)).collect();
            match argmax(&pairs) {
                Gold::Text(m) => Gold::Int(m.parse().expect("month")),
                other => other,
            }
        }
        "top_spend_gap" => {
            let mut spends: Vec<i64> = customer_totals(t, |_| true, |o| t.amount(o))
                .into_iter()
                .map(|p| p.1)
                .collect();
            spends.sort_unstable_by(|a, b| b.cmp(a));
            if spends[0] == spends[1] {
                Gold::Tie
            } else {
                Gold::Int(spends[0] - spends[1])
            }
        }
        "cat_top_product" => argmax(&product_totals(t, |p| p.category == category())),
        "kth_spender" => {
            let k = int(param("rank")) as usize;
            let mut totals = customer_totals(t, |_| true, |o| t.amount(o));
            totals.sort_by_key(|p| std::cmp::Reverse(p.1));
            // Places 1..=k are clear when the first k + 1 values strictly fall.
            let clear = (0..k.min(totals.len() - 1)).all(|i| totals[i].1 > totals[i + 1].1);
            if clear {
                Gold::Text(totals[k - 1].0.clone())
            } else {
                Gold::Tie
            }
        }
        "cat_cheapest" => {
            let pairs: Vec<(String, i64)> = t
                .products
                .iter()
                .filter(|p| p.category == category())
                .map(|p| (p.name.clone(), -p.price))
                .collect();
            argmax(&pairs)
        }
        "month_top_customer" => argmax(&customer_totals(
            t,
            |o| o.month() == int(param("month")),
            |o| t.amount(o),
        )),
        "city_priciest" => {
            let bought: BTreeSet<&str> = t
                .orders
                .iter()
                .filter(|o| t.customer(&o.customer).city == text(param("city")))
                .map(|o| o.product.as_str())
                .collect();
            let pairs: Vec<(String, i64)> = bought
                .iter()
                .map(|id| (t.product(id).name.clone(), t.product(id).price))
                .collect();
            argmax(&pairs)
        }
        "grade_top_product" => {
            let grade = text(param("grade"));
            let pairs: Vec<(String, i64)> = t
                .products
                .iter()
                .map(|p| {
                    let total = t
                        .orders
                        .iter()
                        .filter(|o| {
                            o.live() && o.product == p.id && t.customer(&o.customer).grade == grade
                        })
                        .map(|o| t.amount(o))
                        .sum();
                    (p.name.clone(), total)
                })
                .collect();
            argmax(&pairs)
        }
        "cat_largest_order" => {
            let pairs: Vec<(String, i64)> = t
                .orders
                .iter()
                .filter(|o| t.category(o) == category())
                .map(|o| (o.id.clone(), t.amount(o)))
                .collect();
            argmax(&pairs)
        }
        "cat_top_customer" => argmax(&customer_totals(
            t,
            |o| t.category(o) == category(),
            |o| o.quantity,
        )),
        other => panic!("unknown template {other}"),
    }
}

/// Each product's (name, total live amount), for products passing `keep`.
fn product_totals(t: &Tables, keep: impl Fn(&Product) -> bool) -> Vec<(String, i64)> {
    t.products
        .iter()
        .filter(|p| keep(p))
        .map(|p| {
            let total = t
                .orders
                .iter()
                .filter(|o| o.live() && o.product == p.id)
                .map(|o| t.amount(o))
                .sum();
            (p.name.clone(), total)
        })
        .collect()
}

/// Each customer's (ID, total of `value` over their live orders passing `keep`).
fn customer_totals(
    t: &Tables,
    keep: impl Fn(&Order) -> bool,
    value: impl Fn(&Order) -> i64,
) -> Vec<(String, i64)> {
    t.customers
        .iter()
        .map(|c| {
            let total = t
                .orders
                .iter()
                .filter(|o| o.live() && o.customer == c.id && keep(o))
                .map(&value)
                .sum();
            (c.id.clone(), total)
        })
        .collect()
}

/// The CSV block after the line `title`: its header and rows.
fn csv_block(prompt: &str, title: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = prompt.lines().skip_while(|l| *l != title).skip(1);
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split(',')
        .map(str::to_string)
        .collect();
    let rows: Vec<Vec<String>> = lines
        .take_while(|l| !l.is_empty())
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    for r in &rows {
        assert_eq!(r.len(), header.len(), "row {r:?} under {header:?}");
    }
    (header, rows)
}

/// The rows of a CSV block as maps from header name to cell.
fn records(prompt: &str, title: &str) -> (Vec<String>, Vec<BTreeMap<String, String>>) {
    let (header, rows) = csv_block(prompt, title);
    let maps = rows
        .into_iter()
        .map(|r| header.iter().cloned().zip(r).collect())
        .collect();
    (header, maps)
}

fn num(s: &str) -> i64 {
    s.parse()
        .unwrap_or_else(|_| panic!("{s} is not an integer"))
}

/// The tables as the English prompt shows them.
fn parse_tables(prompt: &str) -> (Tables, Vec<Vec<String>>) {
    let (ph, ps) = records(prompt, "Products:");
    let (ch, cs) = records(prompt, "Customers:");
    let (oh, os) = records(prompt, "Orders:");
    let tables = Tables {
        products: ps
            .iter()
            .map(|r| Product {
                id: r["product_id"].clone(),
                name: r["name"].clone(),
                category: r["category"].clone(),
                price: num(&r["unit_price"]),
                stock: num(&r["stock"]),
            })
            .collect(),
        customers: cs
            .iter()
            .map(|r| Customer {
                id: r["customer_id"].clone(),
                name: r["name"].clone(),
                city: r["city"].clone(),
                grade: r["grade"].clone(),
            })
            .collect(),
        orders: os
            .iter()
            .map(|r| Order {
                id: r["order_id"].clone(),
                date: r["date"].clone(),
                customer: r["customer_id"].clone(),
                product: r["product_id"].clone(),
                quantity: num(&r["quantity"]),
                status: r["status"].clone(),
            })
            .collect(),
    };
    (tables, vec![ph, ch, oh])
}

/// The tables as the record's instance stores them.
fn instance_tables(inst: &Value) -> Tables {
    let rows = |k: &str| inst[k].as_array().expect("rows").clone();
    Tables {
        products: rows("products")
            .iter()
            .map(|r| Product {
                id: text(&r["product_id"]),
                name: text(&r["name"]),
                category: text(&r["category"]),
                price: int(&r["unit_price"]),
                stock: int(&r["stock"]),
            })
            .collect(),
        customers: rows("customers")
            .iter()
            .map(|r| Customer {
                id: text(&r["customer_id"]),
                name: text(&r["name"]),
                city: text(&r["city"]),
                grade: text(&r["grade"]),
            })
            .collect(),
        orders: rows("orders")
            .iter()
            .map(|r| Order {
                id: text(&r["order_id"]),
                date: text(&r["date"]),
                customer: text(&r["customer_id"]),
                product: text(&r["product_id"]),
                quantity: int(&r["quantity"]),
                status: text(&r["status"]),
            })
            .collect(),
    }
}

fn same_tables(a: &Tables, b: &Tables) -> bool {
    a.products == b.products && a.customers == b.customers && a.orders == b.orders
}

/// The Korean words of the English cell values (the test's own dictionary).
fn korean(word: &str) -> &str {
    match word {
        "Kitchen" => "주방용품",
        "Electronics" => "전자기기",
        "Stationery" => "문구",
        "Sports" => "스포츠",
        "Beauty" => "뷰티",
        "Toys" => "완구",
        "Seoul" => "서울",
        "Busan" => "부산",
        "Incheon" => "인천",
        "Daegu" => "대구",
        "Daejeon" => "대전",
        "Gwangju" => "광주",
        "VIP" => "VIP",
        "Gold" => "골드",
        "Silver" => "실버",
        "Basic" => "일반",
        "delivered" => "배송완료",
        "shipped" => "배송중",
        "pending" => "주문접수",
        "cancelled" => "취소",
        other => panic!("no Korean word for {other}"),
    }
}

/// The Korean prompt shows the same rows: IDs and numbers equal, words translated.
fn check_korean(ko: &str, t: &Tables, id: &str) {
    let (_, ps) = csv_block(ko, "상품:");
    let (_, cs) = csv_block(ko, "고객:");
    let (_, os) = csv_block(ko, "주문:");
    assert_eq!(ps.len(), t.products.len(), "{id}");
    assert_eq!(cs.len(), t.customers.len(), "{id}");
    assert_eq!(os.len(), t.orders.len(), "{id}");
    for (row, p) in ps.iter().zip(&t.products) {
        assert_eq!(
            (&row[0], &row[1], row[2].as_str()),
            (&p.id, &p.name, korean(&p.category)),
            "{id}"
        );
    }
    for (row, c) in cs.iter().zip(&t.customers) {
        assert_eq!(row[0], c.id, "{id}");
        assert!(
            row[1].chars().all(|ch| ('가'..='힣').contains(&ch)),
            "{id}: {row:?}"
        );
        assert_eq!(
            (row[2].as_str(), row[3].as_str()),
            (korean(&c.city), korean(&c.grade)),
            "{id}"
        );
    }
    for (row, o) in os.iter().zip(&t.orders) {
        let q = o.quantity.to_string();
        assert_eq!(
            (&row[0], &row[1], &row[2], &row[3], &row[4], row[5].as_str()),
            (
                &o.id,
                &o.date,
                &o.customer,
                &o.product,
                &q,
                korean(&o.status)
            ),
            "{id}"
        );
    }
}

const PRODUCT_BASE: [&str; 5] = ["product_id", "name", "category", "unit_price", "stock"];
const CUSTOMER_BASE: [&str; 4] = ["customer_id", "name", "city", "grade"];
const ORDER_BASE: [&str; 6] = [
    "order_id",
    "date",
    "customer_id",
    "product_id",
    "quantity",
    "status",
];

/// Items per tier.
const ITEMS: usize = 200;

/// The questions that take several steps: a total per product, customer or
/// month before the last step, or a join of all three tables.
const MULTI_STEP: [&str; 15] = [
    "city_cat_qty",
    "grade_cat_orders",
    "city_max_amount",
    "cat_undelivered",
    "min_orders",
    "cat_over_stock",
    "cat_amount_rank",
    "busiest_month",
    "top_spend_gap",
    "cat_top_product",
    "kth_spender",
    "month_top_customer",
    "city_priciest",
    "grade_top_product",
    "cat_top_customer",
];

/// The reference's mix of table configurations (easy, medium, hard tables) per tier.
fn table_mix(tier: &str) -> [f64; 3] {
    match tier {
        "easy" => [0.18, 0.82, 0.0],
        "medium" => [0.0, 0.50, 0.50],
        _ => [0.0, 0.0, 1.0],
    }
}

/// The reference's template factors per table configuration: (single-step,
/// multi-step) times its base weights 1 and 2, then numeric and text answers.
const FACTORS: [(f64, f64, f64, f64); 3] = [
    (0.75, 1.80, 1.05, 0.90),
    (0.40, 3.60, 1.25, 0.45),
    (0.20, 5.00, 1.40, 0.30),
];

/// The expected shares of numeric answers and of multi-step questions in a
/// tier, from the reference's weights over this spec's templates (`counts`:
/// the numbers of single- and multi-step templates of each kind).
fn expected_shares(tier: &str, counts: [[f64; 2]; 2]) -> (f64, f64) {
    let (mut int, mut multi) = (0.0, 0.0);
    for (cfg, p) in table_mix(tier).iter().enumerate() {
        let (one, two, num, txt) = FACTORS[cfg];
        let w = |kind: usize, steps: usize| {
            counts[kind][steps]
                * if steps == 0 { one } else { 2.0 * two }
                * if kind == 0 { num } else { txt }
        };
        let total = w(0, 0) + w(0, 1) + w(1, 0) + w(1, 1);
        int += p * (w(0, 0) + w(0, 1)) / total;
        multi += p * (w(0, 1) + w(1, 1)) / total;
    }
    (int, multi)
}

#[test]
fn array_formula_golds_follow_the_tables() {
    let program = common::load(&common::root().join("puzzles/array_formula.puzzle"));
    let mut templates: BTreeMap<String, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, &'static str> = BTreeMap::new();
    let mut mixes: Vec<(String, usize, usize)> = Vec::new();
    let mut sensitive = 0;
    let mut total = 0;
    for tier in program.tier_names() {
        let mut configs = [0usize; 3];
        let (mut ints, mut multis) = (0usize, 0usize);
        for i in 0..ITEMS as u64 {
            let item = generate(&program, tier, i, 1).expect("generate");
            let en = record(&program, &item, "en");
            let ko = record(&program, &item, "ko");
            let inst = &en.instance;
            let (tables, headers) = parse_tables(&en.question);
            assert!(
                same_tables(&tables, &instance_tables(inst)),
                "{}: the prompt's tables differ from the instance",
                en.id
            );
            check_korean(&ko.question, &tables, &ko.id);

            // Irrelevant columns: as many as the tier adds, and never a base column.
            let extra: usize = headers
                .iter()
                .zip([&PRODUCT_BASE[..], &CUSTOMER_BASE[..], &ORDER_BASE[..]])
                .map(|(h, base)| {
                    assert!(base.iter().all(|b| h.iter().any(|c| c == b)), "{}", en.id);
                    h.len() - base.len()
                })
                .sum();
            // The table configuration, told by the irrelevant columns: none,
            // 5 or 11; its row counts follow.
            let config = [0, 5, 11]
                .iter()
                .position(|&n| n == extra)
                .unwrap_or_else(|| panic!("{}: {extra} irrelevant columns", en.id));
            assert_eq!(en.levers["tables"], config as u64, "{}", en.id);
            assert_eq!(
                inst["distractor_columns"].as_array().expect("list").len(),
                extra
            );
            let (products, orders, customers) = [
                (24..=32, 35..=50, 10..=14),
                (55..=65, 120..=170, 18..=20),
                (80..=85, 220..=300, 20..=20),
            ][config]
                .clone();
            assert!(products.contains(&tables.products.len()), "{}", en.id);
            assert!(orders.contains(&tables.orders.len()), "{}", en.id);
            assert!(customers.contains(&tables.customers.len()), "{}", en.id);
            configs[config] += 1;

            let q = &inst["question"];
            let gold = solve(&tables, q);
            let expected = match &gold {
                Gold::Int(n) => n.to_string(),
                Gold::Text(s) => s.clone(),
                Gold::Tie => panic!("{}: the asked place is tied: {q}", en.id),
            };
            assert_eq!(en.answer, expected, "{}: {q}", en.id);
            assert_eq!(ko.answer, en.answer);
            let kind = if matches!(gold, Gold::Int(_)) {
                "int"
            } else {
                "text"
            };
            assert_eq!(en.answer_kind, kind, "{}", en.id);
            if let Gold::Int(n) = gold {
                assert!(n > 0, "{}: a zero answer", en.id);
            }
            if q["template"] == "customer_spend" {
                let name = &tables.customer(&text(&q["customer"])).name;
                assert!(en.question.contains(name.as_str()), "{}", en.id);
            }
            *templates.entry(text(&q["template"])).or_insert(0) += 1;
            kinds.insert(text(&q["template"]), kind);
            ints += usize::from(kind == "int");
            multis += usize::from(MULTI_STEP.contains(&text(&q["template"]).as_str()));

            // The check is sensitive to the data: mirroring every quantity
            // (q becomes 10 - q) changes the answer of most questions that
            // involve quantities (or ties them).
            let mut mirrored = tables.clone();
            for o in &mut mirrored.orders {
                o.quantity = 10 - o.quantity;
            }
            total += 1;
            if solve(&mirrored, q) != gold {
                sensitive += 1;
            }
        }
        // The mix of table configurations within 0.08 of the reference's
        // (2.8 standard deviations at 0.5 and 200 items).
        for (cfg, (&n, want)) in configs.iter().zip(table_mix(tier)).enumerate() {
            let share = n as f64 / ITEMS as f64;
            eprintln!("array_formula {tier}: tables {cfg} {share:.3} (reference {want})");
            assert!(
                (share - want).abs() <= 0.08,
                "{tier}: table configuration {cfg} is {share:.3} of the items, reference {want}"
            );
        }
        mixes.push((tier.to_string(), ints, multis));
    }
    // The template mix: the shares of numeric answers and of multi-step
    // questions within 0.08 of what the reference's weights give.
    let mut counts = [[0.0; 2]; 2];
    for (t, kind) in &kinds {
        counts[usize::from(*kind == "text")][usize::from(MULTI_STEP.contains(&t.as_str()))] += 1.0;
    }
    assert_eq!(
        counts,
        [[9.0, 9.0], [2.0, 6.0]],
        "the templates by kind and steps"
    );
    for (tier, ints, multis) in &mixes {
        let (want_int, want_multi) = expected_shares(tier, counts);
        let (int, multi) = (*ints as f64 / ITEMS as f64, *multis as f64 / ITEMS as f64);
        eprintln!("array_formula {tier}: numeric {int:.3} (reference {want_int:.3}), multi-step {multi:.3} (reference {want_multi:.3})");
        assert!(
            (int - want_int).abs() <= 0.08,
            "{tier}: numeric share {int:.3}, reference {want_int:.3}"
        );
        assert!(
            (multi - want_multi).abs() <= 0.08,
            "{tier}: multi-step share {multi:.3}, reference {want_multi:.3}"
        );
    }
    // Every template occurs, the single-step ones rarely (under 1 % each
    // at easy, by the reference's weights).
    assert!(
        templates.len() >= 26,
        "every template occurs: {templates:?}"
    );
    assert!(
        sensitive * 2 >= total,
        "only {sensitive} of {total} answers depend on the quantities"
    );
}

fn order(id: &str, customer: &str, product: &str, quantity: i64, status: &str) -> Order {
    Order {
        id: id.into(),
        date: "2024-03-01".into(),
        customer: customer.into(),
        product: product.into(),
        quantity,
        status: status.into(),
    }
}

/// A tiny hand-checked instance: the solver finds the stated answers and
/// reports ties.
#[test]
fn the_reference_solver_reports_ties_and_hand_computed_answers() {
    let product = |id: &str, name: &str, price| Product {
        id: id.into(),
        name: name.into(),
        category: "Toys".into(),
        price,
        stock: 5,
    };
    let customer = |id: &str| Customer {
        id: id.into(),
        name: "X".into(),
        city: "Seoul".into(),
        grade: "Gold".into(),
    };
    let mut t = Tables {
        products: vec![
            product("P001", "Aster S", 10),
            product("P002", "Nova X", 20),
        ],
        customers: vec![customer("C01"), customer("C02")],
        orders: vec![
            order("O1001", "C01", "P001", 4, "delivered"), // 40
            order("O1002", "C02", "P002", 2, "shipped"),   // 40
            order("O1003", "C02", "P002", 9, "cancelled"), // 180, not counted
        ],
    };
    let q =
        |template: &str| serde_json::json!({ "template": template, "category": "Toys", "rank": 1 });
    // Both products and both customers have 40: every argmax is tied.
    assert_eq!(solve(&t, &q("cat_top_product")), Gold::Tie);
    assert_eq!(solve(&t, &q("kth_spender")), Gold::Tie);
    assert_eq!(solve(&t, &q("top_spend_gap")), Gold::Tie);
    // The cancelled order is the largest of any status.
    assert_eq!(
        solve(&t, &q("cat_largest_order")),
        Gold::Text("O1003".into())
    );
    t.orders[1].quantity = 3;
    assert_eq!(
        solve(&t, &q("cat_top_product")),
        Gold::Text("Nova X".into())
    );
    assert_eq!(solve(&t, &q("kth_spender")), Gold::Text("C02".into()));
    assert_eq!(solve(&t, &q("top_spend_gap")), Gold::Int(20));
    assert_eq!(solve(&t, &q("cat_stock")), Gold::Int(10));
    assert_eq!(solve(&t, &q("cat_over_stock")), Gold::Int(0));
}
