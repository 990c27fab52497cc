//go:build !js

package signal

// The RedisStore's watch on Redis itself: whether it answers, and whether
// it came back empty after a restart.

import (
	"fmt"
	"time"
)

// health is nil while Redis answers.
func (s *RedisStore) health() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken != nil {
		return fmt.Errorf("%w: %v", ErrStoreDown, s.broken)
	}
	return nil
}

// fail notes that Redis failed a request; the next check says when it is
// back.
func (s *RedisStore) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.broken = err
	if !s.logged {
		s.logged = true
		s.h.logger.Error("redis unreachable: new rooms are refused until it answers", "err", err.Error())
	}
}

// check asks Redis for its boot mark and notes a change: Redis back
// after an outage, or restarted empty, when the seats held here go back
// into it before the hub says it is healthy again. It reports whether
// Redis had restarted.
func (s *RedisStore) check() bool {
	s.checkMu.Lock()
	defer s.checkMu.Unlock()
	ctx, cancel := s.ctx()
	defer cancel()
	key := s.prefix + "boot"
	err := s.rdb.SetNX(ctx, key, newID(), 0).Err()
	var boot string
	if err == nil {
		boot, err = s.rdb.Get(ctx, key).Result()
	}
	if err == nil {
		// The subscriptions too: a ping on their connection makes
		// go-redis connect it again and subscribe first.
		err = s.ps.Ping(ctx)
	}
	if err != nil {
		s.fail(err)
		return false
	}
	s.mu.Lock()
	outage := s.logged
	s.mu.Unlock()
	lost := s.boot != "" && boot != s.boot
	if lost {
		s.h.logger.Warn("redis restarted empty: putting back the seats held here")
	}
	// After an outage too: a room may have expired while its
	// keepalives could not reach Redis.
	if lost || outage {
		if err := s.restore(); err != nil {
			s.fail(err)
			return false
		}
	}
	s.boot = boot
	s.mu.Lock()
	logged := s.logged
	s.broken, s.logged = nil, false
	s.mu.Unlock()
	if logged {
		s.h.logger.Warn("redis answers again: rooms are open")
	}
	return lost
}

// watch checks Redis every s.every.
func (s *RedisStore) watch() {
	defer s.wg.Done()
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.check()
		}
	}
}
