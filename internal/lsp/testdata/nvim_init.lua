-- Drives Neovim's built-in LSP client against `catc lsp` for the
-- end-to-end test (editors_test.go): opens a broken file, waits for its
-- diagnostics, asks for completion, hover and definition, and writes
-- what Neovim received as JSON to $CATC_NVIM_OUT, then quits.
local root = os.getenv("CATC_NVIM_ROOT")
local out = os.getenv("CATC_NVIM_OUT")
local catc = os.getenv("CATC_BIN")
local results = { log = {} }

local function finish()
  local f = assert(io.open(out, "w"))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd("qall!")
end

local function main()
  local file = root .. "/site.hcl"
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  local published = nil
  local id = vim.lsp.start_client({
    name = "catc",
    cmd = { catc, "lsp" },
    root_dir = root,
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        if result.uri == uri and #result.diagnostics > 0 then
          published = result
        end
        vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code) table.insert(results.log, "exit " .. tostring(code)) end,
  })
  if not id then
    table.insert(results.log, "start_client failed")
    return finish()
  end
  vim.lsp.buf_attach_client(bufnr, id)
  if not vim.wait(20000, function() return published ~= nil end, 20) then
    table.insert(results.log, "no diagnostics")
    return finish()
  end
  results.published = published
  results.diagnostics = vim.diagnostic.get(bufnr)

  local function request(method, line, character)
    local params = { textDocument = { uri = uri }, position = { line = line, character = character } }
    local res, err = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
    if not res then
      table.insert(results.log, method .. ": " .. tostring(err))
      return nil
    end
    for _, r in pairs(res) do
      if r.err then table.insert(results.log, method .. ": " .. vim.inspect(r.err)) end
      return r.result
    end
  end
  -- positions come from the test (0-based line and UTF-16 character)
  local pos = vim.fn.json_decode(os.getenv("CATC_NVIM_POS"))
  results.completion = request("textDocument/completion", pos.completion[1], pos.completion[2])
  results.hover = request("textDocument/hover", pos.hover[1], pos.hover[2])
  results.definition = request("textDocument/definition", pos.definition[1], pos.definition[2])
  finish()
end

vim.api.nvim_create_autocmd("VimEnter", { callback = function() vim.defer_fn(main, 0) end })
