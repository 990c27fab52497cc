//go:build !js

package signal

import "github.com/redis/go-redis/v9"

// The room of a RedisStore is a hash under prefix+"room:"+id:
//
//	o       the address key that created it (for the per-address cap)
//	t0, t1  the seats' tokens (t1 absent until a guest came)
//	h0, h1  the seats' holders, "" while the peer is away
//	e       the epoch of the room's negotiations
//	d0, d1  the devices that took the seats, if they said (see pickSeat)
//
// Its lifetime is the key's TTL: the idle expiry while a peer is
// connected, the empty grace (or less) once none is. The sorted sets
// prefix+"rooms" and prefix+"addr:"+owner hold every room by the time it
// expires, so that counting the live rooms (all of them, or one
// address's) is dropping the expired ones and taking the size. Each
// script does one room's step atomically; the scripts name the counter
// keys themselves, which a single Redis server (or a primary with
// replicas) allows and Redis Cluster does not.
const luaPrelude = `
local function now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function touch(key, prefix, id, owner, ms)
  redis.call('PEXPIRE', key, ms)
  local exp = now() + ms
  local addr = prefix .. 'addr:' .. owner
  redis.call('ZADD', prefix .. 'rooms', exp, id)
  redis.call('ZADD', addr, exp, id)
  if redis.call('PTTL', addr) < ms then redis.call('PEXPIRE', addr, ms) end
end
`

// createScript: KEYS room; ARGV prefix, id, owner, token, holder, idle
// ms, max rooms, max rooms per address, device. 0 made, 1 too many rooms, 2 too
// many from the address, 3 the id is taken.
var createScript = redis.NewScript(luaPrelude + `
local p, id, owner = ARGV[1], ARGV[2], ARGV[3]
local n = now()
local rooms, addr = p .. 'rooms', p .. 'addr:' .. owner
redis.call('ZREMRANGEBYSCORE', rooms, '-inf', n)
redis.call('ZREMRANGEBYSCORE', addr, '-inf', n)
if redis.call('ZCARD', rooms) >= tonumber(ARGV[7]) then return 1 end
if redis.call('ZCARD', addr) >= tonumber(ARGV[8]) then return 2 end
if redis.call('EXISTS', KEYS[1]) == 1 then return 3 end
redis.call('HSET', KEYS[1], 'o', owner, 't0', ARGV[4], 'h0', ARGV[5], 'h1', '', 'e', 0, 'd0', ARGV[9])
touch(KEYS[1], p, id, owner, tonumber(ARGV[6]))
return 0
`)

// joinScript: KEYS room; ARGV prefix, id, token, new token, holder, idle
// ms, device. {1} no such room, {2} full, or {0, seat, token, replaced
// holder, other holder, epoch, owner}. The seat is chosen as pickSeat
// does.
var joinScript = redis.NewScript(luaPrelude + `
local key = KEYS[1]
local r = redis.call('HMGET', key, 'o', 't0', 't1', 'h0', 'h1', 'e', 'd0', 'd1')
if not r[1] then return {1} end
local tok, dev = ARGV[3], ARGV[7]
local t = {r[2] or '', r[3] or ''}
local h = {r[4] or '', r[5] or ''}
local d = {r[7] or '', r[8] or ''}
local i
if tok ~= '' and tok == t[1] then i = 0
elseif tok ~= '' and tok == t[2] then i = 1
elseif t[2] == '' or (dev ~= '' and dev == d[2]) then i = 1
else return {2} end
if t[i + 1] == '' then
  t[i + 1] = ARGV[4]
  redis.call('HSET', key, 't' .. i, t[i + 1], 'd' .. i, dev)
end
local old = h[i + 1]
local other = h[2 - i]
redis.call('HSET', key, 'h' .. i, ARGV[5])
local e = tonumber(r[6] or '0')
if other ~= '' then e = redis.call('HINCRBY', key, 'e', 1) end
touch(key, ARGV[1], ARGV[2], r[1], tonumber(ARGV[6]))
return {0, i, t[i + 1], old, other, e, r[1]}
`)

// relayScript: KEYS room; ARGV prefix, id, seat, holder, idle ms,
// channel, message ("" to only keep the room alive). 0 if the holder no
// longer holds the seat (or the room is gone), else 1.
var relayScript = redis.NewScript(luaPrelude + `
local key, s = KEYS[1], tonumber(ARGV[3])
local r = redis.call('HMGET', key, 'o', 'h' .. s, 'h' .. (1 - s))
if not r[1] or r[2] ~= ARGV[4] then return 0 end
touch(key, ARGV[1], ARGV[2], r[1], tonumber(ARGV[5]))
if ARGV[7] ~= '' and r[3] and r[3] ~= '' then
  redis.call('PUBLISH', ARGV[6], 'm' .. r[3] .. '\n' .. ARGV[7])
end
return 1
`)

// restartScript: KEYS room; ARGV prefix, id, seat, holder, idle ms,
// epoch. {0} gone, {1} nothing to do, {2, new epoch, holder 0, holder 1}.
var restartScript = redis.NewScript(luaPrelude + `
local key, s = KEYS[1], tonumber(ARGV[3])
local r = redis.call('HMGET', key, 'o', 'h' .. s, 'h0', 'h1', 'e')
if not r[1] or r[2] ~= ARGV[4] then return {0} end
touch(key, ARGV[1], ARGV[2], r[1], tonumber(ARGV[5]))
if tonumber(r[5] or '0') == tonumber(ARGV[6]) and r[3] and r[3] ~= '' and r[4] and r[4] ~= '' then
  return {2, redis.call('HINCRBY', key, 'e', 1), r[3], r[4]}
end
return {1}
`)

// leaveScript: KEYS room; ARGV prefix, id, seat, holder, idle ms, grace
// ms. {0} if the holder had lost the seat, else {1, other holder}.
var leaveScript = redis.NewScript(luaPrelude + `
local key, s = KEYS[1], tonumber(ARGV[3])
local r = redis.call('HMGET', key, 'o', 'h' .. s, 'h' .. (1 - s))
if not r[1] or r[2] ~= ARGV[4] then return {0} end
redis.call('HSET', key, 'h' .. s, '')
local other = r[3] or ''
local ms = tonumber(ARGV[5])
if other == '' then ms = math.min(ms, tonumber(ARGV[6])) end
touch(key, ARGV[1], ARGV[2], r[1], ms)
return {1, other}
`)

// restoreScript puts a seat this instance holds back into Redis after
// Redis lost it (a restart without persistence): KEYS room; ARGV prefix,
// id, owner, seat, token, holder, epoch, idle ms. A seat taken by
// another holder meanwhile is left alone. 1 restored, 0 left alone.
var restoreScript = redis.NewScript(luaPrelude + `
local key, s = KEYS[1], ARGV[4]
local h = redis.call('HGET', key, 'h' .. s)
if h and h ~= '' and h ~= ARGV[6] then return 0 end
redis.call('HSET', key, 'o', ARGV[3], 't' .. s, ARGV[5], 'h' .. s, ARGV[6])
redis.call('HSETNX', key, 'h' .. (1 - tonumber(s)), '')
local e = tonumber(redis.call('HGET', key, 'e') or '0')
if tonumber(ARGV[7]) > e then redis.call('HSET', key, 'e', ARGV[7]) end
touch(key, ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[8]))
return 1
`)
