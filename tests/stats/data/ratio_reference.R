# Prints, for every case of the CSV in argv[1], Fieller's interval of
# mean(x) / mean(baseline) at 95% with Welch's t: the ratios rho at which
# (mean(x) - rho mean(b)) / sqrt(vx + rho^2 vb) stays within t.test's own
# critical t (its df), found by uniroot; "bounded" is 0 when mean(b) is not
# told from 0 and no interval exists. Also t.test's p, so the interval can be
# held to the test, and t.test's interval of the difference divided by
# mean(b), plus 1 (divided_lower, divided_upper): what takes mean(b) as
# known. As case,what,term,value.
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], colClasses = c("character", "character", "numeric"))
cat("case,what,term,value\n")
out <- function(name, what, v) cat(sprintf("%s,%s,ratio,%.17g\n", name, what, v))
for (name in unique(d$case)) {
  x <- d$value[d$case == name & d$set == "x"]
  b <- d$value[d$case == name & d$set == "baseline"]
  r <- t.test(x, b)
  q <- qt(0.975, r$parameter)
  vx <- var(x) / length(x); vb <- var(b) / length(b)
  f <- function(rho) abs(mean(x) - rho * mean(b)) / sqrt(vx + rho^2 * vb) - q
  est <- mean(x) / mean(b)
  out(name, "estimate", est)
  out(name, "p", r$p.value)
  out(name, "divided_lower", 1 + r$conf.int[1] / mean(b))
  out(name, "divided_upper", 1 + r$conf.int[2] / mean(b))
  bounded <- mean(b)^2 / vb > q^2
  out(name, "bounded", as.numeric(bounded))
  if (bounded) {
    step <- sqrt(vx + est^2 * vb) / abs(mean(b))
    hi <- est + step; while (f(hi) < 0) hi <- est + (hi - est) * 2
    lo <- est - step; while (f(lo) < 0) lo <- est - (est - lo) * 2
    out(name, "lower", uniroot(f, c(lo, est), tol = 1e-14)$root)
    out(name, "upper", uniroot(f, c(est, hi), tol = 1e-14)$root)
  }
}
