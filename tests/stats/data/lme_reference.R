# Fits every design of lme_designs.csv (path in argv[1]) as timeit's mixed
# model does, with R's nlme, and prints what nlme reports as CSV:
#   design,what,term,value
# what is one of value, std_error, df, t, p, lower, upper (per fixed-effect
# term), sd (per level and Residual) and loglik. A design whose hosts all
# agree has random = ~1|boot, otherwise ~1|host/boot. lme_reference.csv is
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
  }
  levels <- if (nested) c("host", "boot") else "boot"
  for (level in levels) out(name, "sd", level, as.numeric(fit$sigma *
    sqrt(as.matrix(fit$modelStruct$reStruct[[level]])[1, 1])))
  out(name, "sd", "Residual", fit$sigma)
  out(name, "loglik", "", as.numeric(logLik(fit)))
}
