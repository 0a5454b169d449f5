//! Connectivity constraints, checked lazily.
//!
//! `connected(nodes, edges)` asks that the nodes whose literal is true form
//! one connected subgraph of the graph `edges` (zero or one true node is
//! connected). No clauses encode it up front: after every satisfying answer
//! [`Model::solve`] checks each such constraint against the model, and when
//! the true nodes fall apart it adds cut clauses and solves again. For a
//! component `C` of true nodes, its border `N(C)` (all false in the model)
//! and a true node `y` of another component, every path from a node `x ∈ C`
//! to `y` passes through `N(C)`, so
//!
//! ```text
//! ¬x ∨ ¬y ∨ ⋁_{b ∈ N(C)} b        for every x ∈ C
//! ```
//!
//! holds in every connected solution. These cuts are implied by the
//! constraint, so they are added permanently: verdicts never depend on
//! which model a backend returned, only the number of rounds does. Every
//! model the solver reports satisfies all connectivity constraints.

use super::backend::{Lit, SatError};
use super::model::Model;

/// Rounds of cuts one solve may add before it gives up with
/// [`SatError::CutBudget`].
pub const MAX_CUT_ROUNDS: usize = 20_000;

/// One `connected` constraint: a literal per node and the adjacency lists.
#[derive(Clone)]
pub(crate) struct Connectivity {
    nodes: Vec<Lit>,
    adj: Vec<Vec<usize>>,
}

impl Model {
    /// States that the nodes whose literal is true form one connected
    /// subgraph of the undirected graph `edges` (pairs of indices into
    /// `nodes`). Zero or one true node counts as connected.
    pub fn connected(&mut self, nodes: &[Lit], edges: &[(usize, usize)]) -> Result<(), SatError> {
        let n = nodes.len();
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(SatError::InvalidArgument(format!(
                    "edge ({a}, {b}) names a node beyond the {n} nodes"
                )));
            }
            if a != b && !adj[a].contains(&b) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for l in nodes {
            self.use_lit(*l)?;
            if self.const_value(*l).is_none() {
                if let Some(t) = self.touched.get_mut(l.var().index()) {
                    *t = true;
                }
            }
        }
        self.connectivity.push(Connectivity {
            nodes: nodes.to_vec(),
            adj,
        });
        Ok(())
    }

    /// The cut clauses that the last model violates (empty when every
    /// connectivity constraint holds in it).
    pub(crate) fn connectivity_cuts(&self) -> Result<Vec<Vec<Lit>>, SatError> {
        let mut cuts = Vec::new();
        for con in &self.connectivity {
            let mut on = Vec::with_capacity(con.nodes.len());
            for &l in &con.nodes {
                let v = match self.const_value(l) {
                    Some(b) => b,
                    None => self
                        .backend
                        .value(l.var())
                        .map(|b| b == l.is_positive())
                        .ok_or_else(|| {
                            SatError::Solver("a node has no value in the model".into())
                        })?,
                };
                on.push(v);
            }
            let comps = components(&on, &con.adj);
            if comps.len() < 2 {
                continue;
            }
            for (k, comp) in comps.iter().enumerate() {
                let other = &comps[(k + 1) % comps.len()];
                let y = con.nodes[other[0]];
                let mut inside = vec![false; on.len()];
                for &x in comp {
                    inside[x] = true;
                }
                let mut border: Vec<usize> = comp
                    .iter()
                    .flat_map(|&x| con.adj[x].iter().copied())
                    .filter(|&b| !inside[b])
                    .collect();
                border.sort_unstable();
                border.dedup();
                for &x in comp {
                    let mut clause = Vec::with_capacity(border.len() + 2);
                    clause.push(!con.nodes[x]);
                    clause.push(!y);
                    clause.extend(border.iter().map(|&b| con.nodes[b]));
                    cuts.push(clause);
                }
            }
        }
        Ok(cuts)
    }
}

/// The connected components of the `on` nodes, each in increasing order,
/// ordered by their smallest node.
fn components(on: &[bool], adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; on.len()];
    let mut out = Vec::new();
    for start in 0..on.len() {
        if !on[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut comp = vec![start];
        let mut i = 0;
        while i < comp.len() {
            for &b in &adj[comp[i]] {
                if on[b] && !seen[b] {
                    seen[b] = true;
                    comp.push(b);
                }
            }
            i += 1;
        }
        comp.sort_unstable();
        out.push(comp);
    }
    out
}

/// Whether the `on` nodes form one connected subgraph of `edges` (pairs of
/// indices below `on.len()`); zero or one node counts as connected.
pub fn is_connected(on: &[bool], edges: &[(usize, usize)]) -> bool {
    let mut adj = vec![Vec::new(); on.len()];
    for &(a, b) in edges {
        if a < on.len() && b < on.len() {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    components(on, &adj).len() < 2
}
