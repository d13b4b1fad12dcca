CACHE = $(HOME)/.cache
clean-cache:
	-rm -rf $(CACHE)
