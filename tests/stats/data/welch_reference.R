# Prints R's t.test(x, baseline) (Welch) for every case of the CSV in
# argv[1]: t, df, p and the 95% interval, as case,what,term,value.
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], colClasses = c("character", "character", "numeric"))
cat("case,what,term,value\n")
for (name in unique(d$case)) {
  r <- t.test(d$value[d$case == name & d$set == "x"], d$value[d$case == name & d$set == "baseline"])
  for (w in c("t", "df", "p", "lower", "upper")) {
    v <- switch(w, t = r$statistic, df = r$parameter, p = r$p.value, lower = r$conf.int[1],
                upper = r$conf.int[2])
    cat(sprintf("%s,%s,x,%.17g\n", name, w, v))
  }
}
