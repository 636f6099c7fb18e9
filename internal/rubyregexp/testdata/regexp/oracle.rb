# Regenerates ruby_cases.jsonl's kind of data: random Ruby regexps built
# from a token set, each run by Ruby 3.1 on random inputs.
#   ruby oracle.rb SEED COUNT SET > cases.jsonl     (SET: basic, constructs, fold)
# Each line: src, flags, inputs, and either err (Ruby's RegexpError message)
# or results (match?, named captures). The committed file is a sample of
# seeds 1-5 with the documented divergences removed (see regexp_oracle_test.go).
require 'json'
require 'timeout'
$VERBOSE = nil

TOKENS = {
  "basic" => ["a", "b", "A", "\u00e9", "\u00c9", ".", "^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B", "(", ")", "|", "*", "+", "?", "{2}", "{,2}", "{1,}", "[", "]", "[^", "-", "\\s", "\\S", "\\h", "\\H", "\\w", "\\W", "\\d", "(?i)", "(?m)", "(?x)", "(?-i)", "(?i:", "(?m:", "(?<n>", "(?<m>", "(?:", "[[:alpha:]]", "[[:^alpha:]]", "[[:punct:]]", "[[:space:]]", "\\p{L}", "\\p{^Lu}", "\\P{Alpha}", "\\u00e9", "\\x41", "\\n", "\\t", "\\v", "\\e", "\\y", "\\Q", "#", "\\]", "\\[", "\\-", "\\.", "*?", "+?", "??", "]]", "[a-z]", "[\\w-]", "[^\\s\\d]", "\\101", "\\0", "\\cA"],
  "constructs" => ["a", "b", "A", "\u00e9", "\u00c9", ".", "^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B", "(", ")", "|", "*", "+", "?", "{2}", "{,2}", "{1,}", "{2,3}?", "[", "]", "[^", "-", "\\s", "\\S", "\\h", "\\H", "\\w", "\\d", "(?i)", "(?m)", "(?x)", "(?-i)", "(?i:", "(?m:", "(?<n>", "(?'q'", "(?:", "(?<=", "(?=", "(?!", "(?>", "(?~", "\\1", "\\k<n>", "\\g<n>", "{1001}", "\\G", "[a-z&&b]", "\\p{Greek}", "\\p{Emoji}", "\\p{Lu}", "\\p{Alnum}", "\\p{^Word}", "\\p{Cn}", "\\p{Graph}", "(?#c)", "\\R", "\\X", "\\K", "\\N", "\\O", "[]a]", "[\\b]", "\\C-a", "\\cz", "\\u{41", "42}", "\\xc3\\xa9", "\\200", "\\377", "\\x7f", "[[:word:]]", "[[:graph:]]", "[[:print:]]", "[[:^space:]]", "[\\h-]", "[\\S]", "[\\H\\d]", "[[:foo:]]", "[[:alpha]", "a{2}{3}", "'", ">", "<", "(?mi-x:", "(?-mix:", "\\", "#", "\\Q", "\\E", "\\y", "\\j", "\\8", "\\18", "\\07", "\\x", "\\u00", "\\u{110000}", "[z-a]", "[\\w-a]", "[a-\\d]", "[-a]", "[a-]", "(?a)", "(?u)", "(?s)", "(?P<x>", "*+", "++", "?+", "]"],
  "fold" => ["a", "s", "k", "K", "\u00e9", "\u00c9", "\u00df", "\u017f", ".", "[", "]", "[^", "-", "\\w", "\\W", "\\s", "\\S", "\\h", "\\H", "\\d", "\\D", "\\p{Lu}", "\\P{Lu}", "\\p{^Ll}", "\\p{Alpha}", "\\P{Alpha}", "[[:upper:]]", "[[:^upper:]]", "[[:^lower:]]", "[[:alpha:]]", "[[:^alpha:]]", "[[:punct:]]", "\\p{Greek}", "\\P{Greek}", "[a-z]", "[A-Z]", "[^a-z]", "[\\W]", "[\\S]", "[^\\W]", "[\\P{Lu}]", "(?i)", "(?-i)", "(?i:", ")", "*", "+", "?", "\u212a", "\u017f", "\u0130", "\u0131", "\u03a3", "\u03c2", "\u03c3"],
}
INPUTS = ["a", "b", "A", "é", "É", "\n", " ", "1", "_", "-", "ß", "\v", "\t", "$", "x", "\u0345", "²"]
FOLD_INPUTS = ["s", "S", "k", "K", "\u212a", "\u017f", "\u0130", "\u0131", "i", "I", "\u03a3", "\u03c2", "\u03c3", "\u00df", "\u1e9e"]

srand(ARGV[0].to_i)
count = (ARGV[1] || 1000).to_i
set = ARGV[2] || "basic"
tok = TOKENS.fetch(set) + [" ", "\n"]
ins = set == "fold" ? FOLD_INPUTS + INPUTS : INPUTS
seen = {}
made = 0
while made < count
  src = Array.new(1 + rand(7)) { tok.sample }.join
  next if seen[src]
  seen[src] = true
  made += 1
  flags = rand(6) == 0 ? %w[i m x im ix mx].sample : ""
  c = {"src" => src, "flags" => flags, "inputs" => Array.new(8) { Array.new(rand(6)) { ins.sample }.join } + [""]}
  opts = 0
  opts |= Regexp::IGNORECASE if flags.include?("i")
  opts |= Regexp::MULTILINE if flags.include?("m")
  opts |= Regexp::EXTENDED if flags.include?("x")
  begin
    re = Regexp.new(src, opts)
    c["results"] = c["inputs"].map do |s|
      m = Timeout.timeout(1) { re.match(s) }
      {"m" => !m.nil?, "named" => m ? m.named_captures : nil}
    end
  rescue RegexpError => e
    c["err"] = e.message
  rescue Timeout::Error
    next
  end
  puts JSON.generate(c)
end
