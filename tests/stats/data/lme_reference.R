# Fits every design of lme_designs.csv (path in argv[1]) as timeit's mixed
# model does, with R's nlme, and prints what nlme reports as CSV:
#   design,what,term,value
# what is one of value, std_error, df, t, p, lower, upper (per fixed-effect
# term), sd (per level and Residual) and loglik. A design whose hosts all
# agree has random = ~1|boot, otherwise ~1|host/boot. Per set also
# ratio_lower and ratio_upper: Fieller's 95% interval of the set's mean over
# the baseline's under the model, (b0 + bj) / b0, with vcov(fit) and the
# term's DF, the ratios rho at which |bj + (1 - rho) b0| stays within qt
# times its standard error (uniroot). lme_reference.csv is
# this script's output, kept for machines without R.
suppressPackageStartupMessages(library(nlme))
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], colClasses = c("character", "character", "character", "character",
                                      "numeric"))
out <- function(design, what, term, value)
  cat(sprintf("%s,%s,%s,%.17g\n", design, what, term, value))
cat("design,what,term,value\n")
for (name in unique(d$design)) {
  x <- d[d$design == name, ]
  x$set <- factor(x$set, levels = sort(unique(x$set)))
  nested <- length(unique(x$host)) > 1
  random <- if (nested) ~ 1 | host/boot else ~ 1 | boot
  fit <- lme(y ~ set, random = random, data = x, method = "REML")
  tt <- summary(fit)$tTable
  ci <- intervals(fit, which = "fixed")$fixed
  for (i in seq_len(nrow(tt))) {
    term <- rownames(tt)[i]
    out(name, "value", term, tt[i, "Value"])
    out(name, "std_error", term, tt[i, "Std.Error"])
    out(name, "df", term, tt[i, "DF"])
    out(name, "t", term, tt[i, "t-value"])
    out(name, "p", term, tt[i, "p-value"])
    out(name, "lower", term, ci[i, "lower"])
    out(name, "upper", term, ci[i, "upper"])
    if (i == 1) next
    b <- fixef(fit); v <- vcov(fit); q <- qt(0.975, tt[i, "DF"])
    f <- function(rho) {
      l <- c(1 - rho, 1)
      abs(b[i] + (1 - rho) * b[1]) / sqrt(drop(t(l) %*% v[c(1, i), c(1, i)] %*% l)) - q
    }
    est <- (b[1] + b[i]) / b[1]
    step <- tt[i, "Std.Error"] / abs(b[1])
    hi <- est + step; while (f(hi) < 0) hi <- est + (hi - est) * 2
    lo <- est - step; while (f(lo) < 0) lo <- est - (est - lo) * 2
    out(name, "ratio_lower", term, uniroot(f, c(lo, est), tol = 1e-14)$root)
    out(name, "ratio_upper", term, uniroot(f, c(est, hi), tol = 1e-14)$root)
  }
  levels <- if (nested) c("host", "boot") else "boot"
  for (level in levels) out(name, "sd", level, as.numeric(fit$sigma *
    sqrt(as.matrix(fit$modelStruct$reStruct[[level]])[1, 1])))
  out(name, "sd", "Residual", fit$sigma)
  out(name, "loglik", "", as.numeric(logLik(fit)))
}
